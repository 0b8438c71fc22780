import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { listenForTest, type Teardown } from '../http/listen-loopback.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));
}

/** ok: the recordings; rateLimitOnce: one 429 then ok; fail: 500; hang: never answers */
export type TvmazeMode = 'ok' | 'rateLimitOnce' | 'fail' | 'hang';

export type TvmazeStandIn = {
  readonly url: string;
  readonly requests: string[];
  /** when each request arrived (ms, performance clock), in order */
  readonly arrivals: number[];
  /** show id to the recorded `/shows/:id?embed…` body */
  readonly shows: Map<number, unknown>;
  schedule: unknown[];
  scheduleWeb: unknown[];
  search: unknown[];
  setMode(mode: TvmazeMode): void;
  /** answer 500 to the requests this picks (by path and query), whatever the mode */
  failWhen: ((request: string) => boolean) | null;
  /** TVmaze's allowance: beyond `calls` requests in any `windowMs`, a 429 (none when null) */
  allowance: { readonly calls: number; readonly windowMs: number } | null;
  /** the requests refused with a 429 for going over the allowance */
  readonly refused: string[];
  /** while set, the answers to the requests it picks wait until it settles (a screen can be seen while a job is under way) */
  hold: { readonly until: Promise<void>; readonly when: (request: string) => boolean } | null;
  /** the most requests that arrived within any `windowMs` */
  mostInWindow(windowMs: number, since?: number): number;
};

type RecordedShow = { id?: number; name?: string; externals?: { thetvdb?: number | null; imdb?: string | null } };

/** A local server answering like api.tvmaze.com from the recorded responses. */
export async function tvmazeStandIn(t: Teardown): Promise<TvmazeStandIn> {
  const requests: string[] = [];
  const arrivals: number[] = [];
  let mode: TvmazeMode = 'ok';
  const state: TvmazeStandIn = {
    url: '',
    requests,
    arrivals,
    shows: new Map<number, unknown>([
      [8167, fixture('show-airing.json')],
      [45039, fixture('show-airing-modern.json')],
      [1, fixture('show-ended.json')],
    ]),
    schedule: fixture('schedule.json') as unknown[],
    scheduleWeb: fixture('schedule-web.json') as unknown[],
    search: fixture('search-shows.json') as unknown[],
    setMode: (next) => (mode = next),
    failWhen: null,
    allowance: null,
    refused: [],
    hold: null,
    mostInWindow(windowMs, since = 0) {
      const times = arrivals.slice(since);
      let most = 0;
      for (let first = 0, last = 0; last < times.length; last++) {
        while (times[last]! - times[first]! >= windowMs) first++;
        most = Math.max(most, last - first + 1);
      }
      return most;
    },
  };
  /** every show the stand-in knows: those with recorded details, then those of the recorded search */
  const known = (): RecordedShow[] => [
    ...[...state.shows.values()].map((show) => show as RecordedShow),
    ...state.search.map((entry) => (entry as { show: RecordedShow }).show),
  ];
  const server = http.createServer((request, response) => void answer(request, response));
  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const asked = `${url.pathname}${url.search}`;
    const now = performance.now();
    requests.push(asked);
    arrivals.push(now);
    if (mode === 'hang') return;
    if (state.hold?.when(asked)) await state.hold.until;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (state.allowance) {
      const { calls, windowMs } = state.allowance;
      const recent = arrivals.filter((time) => now - time < windowMs).length;
      if (recent > calls) {
        state.refused.push(asked);
        return send(429, { name: 'Too Many Requests', message: 'Rate limit exceeded', status: 429 }, { 'retry-after': '1' });
      }
    }
    if (mode === 'fail' || state.failWhen?.(asked)) return send(500, { name: 'Internal Server Error', status: 500 });
    if (mode === 'rateLimitOnce') {
      mode = 'ok';
      return send(429, { name: 'Too Many Requests', message: 'Rate limit exceeded', status: 429 }, { 'retry-after': '0' });
    }
    const showMatch = /^\/shows\/(\d+)$/.exec(url.pathname);
    if (showMatch) {
      const show = state.shows.get(Number(showMatch[1]));
      return show ? send(200, show) : send(404, { name: 'Not Found', message: '', code: 0, status: 404 });
    }
    if (url.pathname === '/search/shows') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hits = state.search.filter((entry) => {
        const name = ((entry as { show?: { name?: string } }).show?.name ?? '').toLowerCase();
        return q.length > 0 && (name.includes(q) || q.includes(name));
      });
      return send(200, hits);
    }
    if (url.pathname === '/lookup/shows') {
      // TVmaze answers a lookup with a redirect to the show
      const thetvdb = url.searchParams.get('thetvdb');
      const imdb = url.searchParams.get('imdb');
      const found = known().find(
        (show) => (thetvdb !== null && String(show.externals?.thetvdb) === thetvdb) || (imdb !== null && show.externals?.imdb === imdb),
      );
      return found?.id !== undefined ? send(301, null, { location: `${state.url}/shows/${found.id}` }) : send(404, null);
    }
    if (url.pathname === '/singlesearch/shows') {
      const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const found = known().find((show) => q.length > 0 && (show.name ?? '').toLowerCase() === q);
      return found ? send(200, found) : send(404, { name: 'Not Found', message: '', code: 0, status: 404 });
    }
    if (url.pathname === '/schedule') return send(200, state.schedule);
    if (url.pathname === '/schedule/web') return send(200, state.scheduleWeb);
    return send(404, { name: 'Not Found', message: '', code: 0, status: 404 });
  }
  const address = { port: await listenForTest(t, server) };
  return Object.assign(state, { url: `http://127.0.0.1:${address.port}` });
}

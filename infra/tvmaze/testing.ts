import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { listenForTest, type Teardown } from '../testing/listen.ts';


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
};

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
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    arrivals.push(performance.now());
    if (mode === 'hang') return;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (mode === 'fail') return send(500, { name: 'Internal Server Error', status: 500 });
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
    if (url.pathname === '/schedule') return send(200, state.schedule);
    if (url.pathname === '/schedule/web') return send(200, state.scheduleWeb);
    return send(404, { name: 'Not Found', message: '', code: 0, status: 404 });
  });
  const address = { port: await listenForTest(t, server) };
  return Object.assign(state, { url: `http://127.0.0.1:${address.port}` });
}

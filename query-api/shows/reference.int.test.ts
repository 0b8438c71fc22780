// The shows read side's reference check (issue 35): random sequences of two users' commands go
// through the real HTTP routes, then every GET route of the shows service that answers from user
// state is asked, and its answer compared with the reference folded in memory from the same
// commands with plain code (reference.ts): after the live projection, and in some sequences again
// after a rebuild of it. A mismatch fails with the shortest sequence fast-check finds that shows it.
import fc from 'fast-check';
import t from 'tap';
import { CUID } from '../../infra/ids.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { logFrom, readCheckParameters } from '../../testing/read-check.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';
import { newAddress, SESSION_COOKIE, signUp as signUpThere } from '../../testing/sign-in.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { showsProjection } from '../../projections/shows/index.ts';
import * as reference from '../../testing/shows/reference.ts';
import type { Command, Episode, Expected, TvShow, UserIndex, World } from '../../testing/shows/reference.ts';
import { BASE, describe, DISMISSABLE, firstDifference, printed, requestOf, type Sequence, sequenceArb, SHOWS } from '../../testing/shows/sequences.ts';

/** GET routes that no sequence of a user's commands decides, and why */
const UNCHECKED: Readonly<Record<string, string>> = {
  '/api/health': 'answers {status: ok} from the live process; touches no database (spec 001)',
  '/api/health/ready': "whether the database answers and the projectors caught up: the process's state, not a user's",
  '/api/push/vapid-public-key': 'the configured VAPID public key, the same for everyone',
  '/api/shows/search': 'relays the TV data provider; holds no user state',
  '/api/shows/schedule': 'relays the TV data provider; holds no user state (the check takes the day airing from it)',
  '/api/shows/trending': 'relays the TV data provider; holds no user state',
  '/api/shows/{id}': 'relays the TV data provider through the shared cache; holds no user state (the check takes TV data from it)',
  '/api/shows/{id}/similar': "ranks the provider's shows and the shared cache's; holds no user state",
  '/api/import/{jobId}': "an import's progress, kept by the import worker in a plain table, not a read model of the log; import.int.test.ts covers it",
};

let clock = new Date(BASE);
// the provider's pace (20 calls in 10 s) is its own test's business: here it would only slow every sequence
const { system, app, tvmaze } = await startShowsSystem(t, { now: () => clock, env: { TVMAZE_CALLS_PER_10S: '100000' } });
// EastEnders (793) airs in both recorded schedules. Served as the schedule recorded its show resource
// (no episode list), it can be tracked: a tracked show that airs today, with no episode to mark.
const eastEnders = (tvmaze.schedule as Array<{ show: { id: number } }>).find((entry) => entry.show.id === 793)!.show;
tvmaze.shows.set(793, eastEnders);
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Answer = { statusCode: number; body: string; json(): unknown };
type Session = { readonly sid: string };

let signups = 0;
async function signUp(): Promise<{ session: Session; user: reference.User }> {
  // A short password of no words and no symbols: judging its strength takes a few ms, not tens
  const { account, sid } = await signUpThere('shows', app, { email: `reference-${++signups}@example.org`, password: 'zqxjvwkp8', ip: newAddress() });
  return { session: { sid }, user: reference.newUser(account) };
}

function send(session: Session | null, method: string, url: string, body?: object): Promise<Answer> {
  return app.inject({
    method: method as 'GET',
    url,
    headers: session ? { cookie: `${SESSION_COOKIE.shows}=${session.sid}` } : {},
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function answerOf(res: Answer, what: string): Promise<unknown> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

// ---- the TV data, as the service relays it ----

/** shows from GET /api/shows/:id; a show the provider does not know is left out */
async function tvData(session: Session, ids: readonly number[]): Promise<Map<number, TvShow>> {
  const answers = await Promise.all(ids.map((id) => send(session, 'GET', `/api/shows/${id}`)));
  const shows = new Map<number, TvShow>();
  for (const [i, res] of answers.entries()) {
    if (res.statusCode === 200) shows.set(ids[i]!, res.json() as TvShow);
    else if (res.statusCode !== 404) throw new Error(`GET /api/shows/${ids[i]}: ${res.statusCode} ${res.body}`);
  }
  return shows;
}

/** The command's own answer: its status, a refusal's code and field, and a tracked show or user as the reference has it. */
function checkAnswer(world: World, command: Exclude<Command, { kind: 'wait' }>, outcome: reference.Outcome, res: Answer, tv: ReadonlyMap<number, TvShow>): string | null {
  if (res.statusCode !== outcome.status) return `status ${res.statusCode}, expected ${outcome.status}: ${res.body.slice(0, 400)}`;
  const body = res.json() as Record<string, unknown>;
  if (outcome.code !== undefined) {
    if (body.code !== outcome.code) return `code ${String(body.code)}, expected ${outcome.code}`;
    if (outcome.field !== undefined && !String(body.message).startsWith(`${outcome.field}:`)) return `message ${String(body.message)} names another field than ${outcome.field}`;
    return null;
  }
  let expected: unknown;
  if (command.kind === 'preferences') expected = reference.me(world.users[command.user]).body;
  else if (command.kind === 'untrack' || command.kind === 'dismiss') expected = { ok: true };
  else {
    if (command.kind === 'track' && res.statusCode === 201 && !CUID.test(String(body.id))) return `the new tracked show's id ${String(body.id)} is not a cuid`;
    const tracked = world.users[command.user].library.get(command.show)!;
    // the show and its next episode are the shared cache's, checked by the reads after the sequence
    const { show: _show, nextEpisode: _next, ...view } = reference.trackedView(tracked, tv, clock);
    expected = { ...view, show: body.show, nextEpisode: body.nextEpisode };
  }
  const difference = firstDifference(expected, body);
  return difference ? `the answer differs from the reference at ${difference}\nexpected: ${printed(expected)}\nanswered: ${printed(body)}` : null;
}

class Mismatch extends Error {}

// ---- the reads ----

type Read = { readonly route: string; readonly url: string; readonly user: UserIndex | null; readonly expected: () => Expected };

/** Every GET route that answers from user state, for each user; the public profiles by every name, spelled both ways. */
function readsOf(world: World, sequence: Sequence, tv: ReadonlyMap<number, TvShow>, schedule: ReadonlyArray<{ show: { id: number } }>): Read[] {
  const reads: Read[] = [];
  const now = clock;
  for (const index of [0, 1] as const) {
    const user = world.users[index];
    const read = (route: string, url: string, expected: () => Expected) => reads.push({ route, url, user: index, expected });
    read('/api/auth/me', '/api/auth/me', () => reference.me(user));
    for (const listing of ['tracked', 'watching', 'watchlist', 'completed'] as const) {
      read(`/api/shows/${listing}`, `/api/shows/${listing}`, () => reference.listing(user, listing, tv, now));
    }
    // the other user's shows too: each sees only their own
    for (const id of SHOWS) read('/api/shows/{id}/tracked', `/api/shows/${id}/tracked`, () => reference.trackedOf(user, id, tv, now));
    read('/api/shows/history', '/api/shows/history', () => reference.history(user, tv, 100));
    read('/api/shows/history', `/api/shows/history?limit=${sequence.historyLimit}`, () => reference.history(user, tv, sequence.historyLimit));
    read('/api/shows/dismissed', '/api/shows/dismissed', () => reference.dismissed(user, tv));
    read('/api/shows/suggestions', '/api/shows/suggestions', () => reference.suggestions(user, schedule));
  }
  for (const name of world.names) {
    for (const spelled of [name, name.toUpperCase()]) {
      reads.push({ route: '/api/public/profile/{username}', url: `/api/public/profile/${spelled}`, user: null, expected: () => reference.publicProfile(world, spelled, tv) });
    }
  }
  return reads;
}

const checkedRoutes = new Set<string>();
/** routes whose entries carry an id the service made and the reference cannot know */
const OPAQUE_IDS = new Set(['/api/shows/history', '/api/shows/dismissed']);

/**
 * Asks every read and compares its answer with the reference; answers the raw bodies, so that a
 * rebuild can be held to answer the same to the byte.
 */
async function checkReads(world: World, sessions: readonly [Session, Session], sequence: Sequence, when: string): Promise<string[]> {
  // first the TV data: asking for a show refreshes a stale cached copy, which the reads then join
  const tv = await tvData(sessions[0], KNOWN_SHOWS);
  const schedule = (await answerOf(await send(sessions[0], 'GET', '/api/shows/schedule'), 'GET /api/shows/schedule')) as Array<{ show: { id: number } }>;
  const reads = readsOf(world, sequence, tv, schedule);
  const answers = await Promise.all(reads.map((read) => send(read.user === null ? null : sessions[read.user], 'GET', read.url)));
  const fail = (read: Read, what: string): never => {
    throw new Mismatch(`${when}: GET ${read.url}${read.user === null ? '' : ` as user ${read.user}`}: ${what}\nafter the sequence ${describe(sequence)}`);
  };
  /** a watched episode's or dismissal's id, by what it is the id of: the same in every answer */
  const opaque = new Map<string, string>();
  for (const [i, read] of reads.entries()) {
    const res = answers[i]!;
    checkedRoutes.add(read.route);
    const expected = read.expected();
    if (res.statusCode !== expected.status) fail(read, `status ${res.statusCode}, expected ${expected.status}: ${res.body.slice(0, 400)}`);
    let actual = res.json() as unknown;
    if (res.statusCode >= 400) actual = { code: (actual as { code: string }).code };
    if (OPAQUE_IDS.has(read.route)) {
      const entries = actual as Array<{ id: string; trackedShowId?: string; episodeId?: number; showId: number }>;
      if (new Set(entries.map((entry) => entry.id)).size !== entries.length) fail(read, 'two entries with one id');
      actual = entries.map((entry) => {
        const of = `${read.route} ${read.user} ${entry.trackedShowId ?? ''} ${entry.episodeId ?? entry.showId}`;
        if (!CUID.test(entry.id)) fail(read, `the id ${entry.id} is not a cuid`);
        if ((opaque.get(of) ?? entry.id) !== entry.id) fail(read, `${of} has the id ${entry.id} here and ${opaque.get(of)} in another answer`);
        opaque.set(of, entry.id);
        return { ...entry, id: reference.SOME_ID };
      });
    }
    const difference = firstDifference(expected.body, actual);
    if (difference) fail(read, `the answer differs from the reference at ${difference}\nexpected: ${printed(expected.body)}\nanswered: ${printed(actual)}`);
  }
  return answers.map((res) => `${res.statusCode} ${res.body}`);
}

/** A sequence's two users, and the head of the log before they signed up: a rebuild replays from there. */
type Pair = { readonly start: Position; readonly users: readonly [Awaited<ReturnType<typeof signUp>>, Awaited<ReturnType<typeof signUp>>] };

async function signUpPair(): Promise<Pair> {
  const start = await system.core.store.headPosition();
  const [first, second] = await Promise.all([signUp(), signUp()]);
  return { start, users: [first, second] };
}

/**
 * The next sequence's users sign up while this one runs: hashing their passwords is most of a
 * sequence's time, and the machine's other core would wait meanwhile.
 */
let nextPair: Promise<Pair> | null = null;

let sequences = 0;
/** the shows the provider knows, found once: the others are unknown to it for good */
let KNOWN_SHOWS: readonly number[] = [];

async function runSequence(episodes: ReadonlyMap<number, readonly Episode[]>, tvAtStart: ReadonlyMap<number, TvShow>, sequence: Sequence): Promise<void> {
  const n = ++sequences;
  const { start, users: [first, second] } = await (nextPair ?? signUpPair());
  nextPair = signUpPair();
  clock = new Date(BASE + sequence.start * 60_000);
  const sessions = [first.session, second.session] as const;
  const world: World = { users: [first.user, second.user], names: [`seq${n}-ann`, `seq${n}-bob`], holders: new Map(), episodes };
  for (const [i, command] of sequence.commands.entries()) {
    if (command.kind === 'wait') {
      clock = new Date(clock.getTime() + command.minutes * 60_000);
      continue;
    }
    // every command at an instant of its own
    clock = new Date(clock.getTime() + 1000);
    const request = requestOf(world, command)!;
    const res = await send(sessions[command.user], request.method, request.url, request.body);
    const trackedId = command.kind === 'track' && res.statusCode === 201 ? String((res.json() as { id: unknown }).id) : null;
    const outcome = reference.apply(world, command, clock.toISOString(), trackedId);
    const wrong = checkAnswer(world, command, outcome, res, tvAtStart);
    if (wrong) throw new Mismatch(`command ${i + 1} (${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}): ${wrong}\nthe sequence ${describe(sequence)}`);
  }
  const live = await checkReads(world, sessions, sequence, 'live projection');
  if (!sequence.rebuild) return;
  await rebuildProjection({ pool: system.core.db.slonik, store: logFrom(system.core.store, start), projection: showsProjection, log: silentLog });
  const rebuilt = await checkReads(world, sessions, sequence, 'after a rebuild');
  // a rebuild answers to the byte what the live projection did, the service's own ids included
  const changed = rebuilt.findIndex((answer, i) => answer !== live[i]);
  if (changed >= 0) throw new Mismatch(`after a rebuild, read ${changed + 1} answers ${rebuilt[changed]!.slice(0, 2000)}\nwhere the live projection answered ${live[changed]!.slice(0, 2000)}\nthe sequence ${describe(sequence)}`);
}

t.test('every GET route of shows answers what the commands folded in memory say, live and after a rebuild', async (t) => {
  const setup = await signUp();
  const tv = await tvData(setup.session, [...new Set<number>([...SHOWS, ...DISMISSABLE])]);
  KNOWN_SHOWS = [...tv.keys()];
  t.same(KNOWN_SHOWS, [...SHOWS], 'the provider knows the shows to track, not the other shows of the day it airs');
  const episodes = new Map(SHOWS.map((id) => [id, tv.get(id)?.episodes ?? []]));
  t.same(
    SHOWS.map((id) => episodes.get(id)!.length),
    [8, 10, 5, 0],
    'the recorded episode lists: Slow Horses 8, Designated Survivor 10, Under the Dome 5, EastEnders none',
  );

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    await fc.assert(
      fc.asyncProperty(sequenceArb(episodes, 20), (sequence) => runSequence(episodes, tv, sequence)),
      readCheckParameters(60),
    );
  } finally {
    // the pair signed up for a sequence that never came must not outlive the service
    await nextPair?.catch(() => undefined);
  }
  const cpu = process.cpuUsage(cpuBefore);
  t.comment(`${sequences} sequences in ${((performance.now() - started) / 1000).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of this process's CPU`);

  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { get?: unknown }> };
  const getRoutes = Object.entries(document.paths).flatMap(([path, item]) => (item.get ? [path] : []));
  t.ok(getRoutes.length >= 19, `the document lists the service's ${getRoutes.length} GET routes`);
  t.same(getRoutes.filter((route) => !checkedRoutes.has(route) && !(route in UNCHECKED)), [], 'every GET route is checked against the reference or listed with a reason');
  t.same(Object.keys(UNCHECKED).filter((route) => !getRoutes.includes(route) || checkedRoutes.has(route)), [], 'the routes listed as unchecked are routes of shows, and unchecked');
});

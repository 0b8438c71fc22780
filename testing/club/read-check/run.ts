// A run of one sequence of the club read check (query-api/club/reference.int.test.ts): what it made
// and sent, how a difference from the reference is told (with the run's requests, newest last), and
// the ids, dates and instants it makes.
import { isDeepStrictEqual } from 'node:util';
import type { TestSystem } from '../../harness.ts';
import type { Club, NightState, Outcome, Snapshot } from '../reference.ts';
import { FIRST_DATE, WINDOWS } from './steps.ts';

export type Answer = { status: number; body: unknown };
export type Login = { id: string; username: string; canChangePassword: boolean; cookie: string };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the runs of a file share: the system, its club service asked as the apps ask it, the clock. */
export type ReadCheck = {
  readonly system: TestSystem;
  inject(method: Method, url: string, cookie: string | null, payload?: object): Promise<Answer>;
  /** a login signed in again: the cookie of its new session */
  signIn(username: string): Promise<string>;
  /** the clock moved on one second: the time the next command stamps */
  tick(): string;
  /** the GET routes (as the OpenAPI document names them) the checks have compared */
  readonly checkedRoutes: Set<string>;
  /** the venues every run so far made: the reference's count of the club's venues before a run's own */
  venuesInClub: number;
};

export type Run = {
  readonly check: ReadCheck;
  readonly no: number;
  readonly club: Club;
  /** the sequence's own login, and the one that lives across sequences */
  users: [Login, Login];
  /** venue names start with it: the public schedule has no ids */
  readonly prefix: string;
  readonly levelIds: string[];
  readonly venueIds: string[];
  readonly slotIds: string[];
  /** every id this run used for a person, created or not */
  readonly playerIds: string[];
  /** every night id this run was answered with or sent */
  readonly nightIds: string[];
  /** each night as last known, kept after it is deleted so a later save can still name it */
  readonly lastKnown: Map<string, NightState>;
  lastPut: { id: string; body: Snapshot } | null;
  made: number;
  readonly log: string[];
};

class Mismatch extends Error {}

export const json = (value: unknown): string => JSON.stringify(value);
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export function fail(run: Run, what: string, expected: unknown, actual: unknown): never {
  throw new Mismatch(
    `${what}\n  expected: ${json(expected)}\n  actual:   ${json(actual)}\n  the run's requests (newest last):\n    ${run.log.slice(-60).join('\n    ')}`,
  );
}

export function same(run: Run, what: string, actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(plain(actual), plain(expected))) fail(run, what, expected, actual);
}

export async function send(run: Run, user: 0 | 1 | null, method: Method, url: string, payload?: object): Promise<Answer> {
  const answer = await run.check.inject(method, url, user === null ? null : run.users[user].cookie, payload);
  if (method !== 'GET') run.log.push(`${user === null ? 'anonymous' : run.users[user].username} ${method} ${url}${payload ? ` ${json(payload)}` : ''} → ${answer.status}`);
  return answer;
}

/** The status a command answered, and its error code where the API fixes one. */
export function sameOutcome(run: Run, what: string, answer: Answer, outcome: Outcome): void {
  const code = (answer.body as { code?: unknown } | null)?.code;
  if (answer.status !== outcome.status || (outcome.code !== undefined && code !== outcome.code)) {
    fail(run, `${what}: the answer's status`, outcome, { status: answer.status, body: answer.body });
  }
}

export const pick = <T>(list: readonly T[], index: number): T | undefined => (index < 0 || list.length === 0 ? undefined : list[index % list.length]);
export const made = (run: Run, letter: string): string => `${letter}${run.no.toString(36).padStart(5, '0')}x${(run.made++).toString(36).padStart(3, '0')}`;
/**
 * A day of the run's own three weeks: each run has four weeks of its own (Monday to Sunday, from 2 November
 * 2026 on), so the Calendar and Today of one run do not grow with the nights of every run before it.
 */
export const dayOf = (run: Run, day: number): string =>
  new Date(Date.parse(`${FIRST_DATE}T00:00:00Z`) + (28 * (run.no % WINDOWS) + day) * 86_400_000).toISOString().slice(0, 10);
/** an instant of the night as a phone writes it: club-local with its offset */
export const instant = (date: string, minutes: number): string => `${date}T${String(18 + Math.floor(minutes / 60) % 6).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+01:00`;

/** Only this run's venues: the club's other venues belong to other sequences. */
export const ownSettings = (run: Run, body: unknown): unknown => {
  const settings = body as { venues?: Array<{ id: string }> };
  return { ...settings, venues: (settings.venues ?? []).filter((venue) => run.venueIds.includes(venue.id)) };
};

export const missingId = (run: Run): string => made(run, 'm');

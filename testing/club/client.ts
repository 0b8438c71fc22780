// Test support for the club routes: one logged-in club account and plain JSON calls.
import type { LightMyRequestResponse } from 'fastify';
import type { HttpApp } from '../../infra/http/app.ts';
import type { TestSystem } from '../harness.ts';
import { newClubLogin } from '../sign-in.ts';
import type { operations } from '../../ui/generated/contract/club.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let lastId = 0;
/** A cuid-shaped id, as a phone makes one. */
export const cuid = (label = 'p'): string => `c${label.replace(/[^a-z0-9]/g, '')}${(++lastId).toString(36).padStart(4, '0')}${Math.random().toString(36).slice(2, 10)}`;

export async function clubClient(system: TestSystem, username = 'desk') {
  const app: HttpApp | undefined = system.apps.club;
  if (!app) throw new Error('the club service was not built');
  const { cookie } = await newClubLogin(system.core.accounts, app, username, { password: 'a long password' });
  const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = { cookie }): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** the JSON body of an answer that must have `status` */
  async function ok<T = Record<string, unknown>>(method: Method, url: string, payload?: object, status = 200): Promise<T> {
    const response = await call(method, url, payload);
    if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }
  return { app, cookie, call, ok };
}

/** A night as GET /api/sessions/:id answers it: the service's own document (ui/generated/contract), one type for every club test. */
export type Night = operations['getNight']['responses'][200]['content']['application/json'];
/** The body of a save (PUT /api/sessions/:id) as the document states it. */
export type NightSnapshot = operations['saveNight']['requestBody']['content']['application/json'];

/** The body of PUT /api/sessions/:id that saves `night` as read, with `changes` over it. */
export function snapshotOf(night: Night, changes: Partial<NightSnapshot> | Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    version: night.version,
    venueId: night.venueId,
    date: night.date,
    startTime: night.startTime,
    endTime: night.endTime,
    courts: night.courts,
    roundLengthSec: night.roundLengthSec,
    people: night.people.map(({ id, name, levelId }) => ({ id, name, levelId })),
    lineUp: night.lineUp,
    timer: night.timer,
    rounds: night.rounds,
    ...(night.sittingOut === undefined ? {} : { sittingOut: night.sittingOut }),
    ...changes,
  };
}

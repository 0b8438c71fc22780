// The shows accounts' tests (command-api/shows/{auth,preferences}.int.test.ts): a system on a fixed
// clock, so that createdAt, cookie expiry and Retry-After are exact, and the requests they send.
import type { Test } from 'tap';
import { startTestSystem } from '../harness.ts';

export const NOW = '2026-11-25T12:00:00.000Z';
export const IN_90_DAYS = 'Tue, 23 Feb 2027 12:00:00 GMT';

export const error = (statusCode: number, code: string, errorName: string, message: string) => ({ statusCode, code, error: errorName, message });
export const UNAUTHENTICATED = error(401, 'UNAUTHENTICATED', 'Unauthorized', 'Sign in first');
export const INVALID_CREDENTIALS = error(401, 'INVALID_CREDENTIALS', 'Unauthorized', 'Wrong email or password');
export const USERNAME_TAKEN = error(409, 'USERNAME_TAKEN', 'Conflict', 'That username is taken');
export const invalid = (message: string) => error(400, 'VALIDATION_FAILED', 'Bad Request', message);

/** A user as the account routes answer one. */
export const user = (id: string, email: string, changes: object = {}) => ({
  id,
  email,
  username: null,
  publicProfile: false,
  emailNotifications: true,
  pushNotifications: false,
  createdAt: NOW,
  ...changes,
});

export async function startShowsAccountsTest(t: Test) {
  const system = await startTestSystem(t, {}, { now: () => new Date(NOW) });
  const app = system.apps.shows;
  if (!app) throw new Error('the shows service was not built');

  // every caller gets its own address, so the per-address limits stay out of the way except where tested
  let lastAddress = 0;
  const newAddress = (): string => `198.51.100.${++lastAddress}`;

  type Reply = Awaited<ReturnType<typeof app.inject>>;

  const post = (url: string, payload: object, options: { sid?: string; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'x-real-ip': options.ip ?? newAddress(), ...(options.sid ? { cookie: `sid=${options.sid}` } : {}) },
      payload,
    });
  const patch = (payload: object, sid: string) => app.inject({ method: 'PATCH', url: '/api/auth/preferences', headers: { cookie: `sid=${sid}` }, payload });
  const me = (sid: string | null) => app.inject({ method: 'GET', url: '/api/auth/me', headers: sid ? { cookie: `sid=${sid}` } : {} });

  const setCookies = (res: Reply): string[] => {
    const header = res.headers['set-cookie'];
    return header === undefined ? [] : Array.isArray(header) ? header : [header];
  };
  const sidOf = (res: Reply): string => {
    const cookie = setCookies(res).find((line) => line.startsWith('sid='));
    if (!cookie) throw new Error(`no sid cookie in ${JSON.stringify(res.headers)}`);
    return cookie.slice('sid='.length).split(';')[0]!;
  };

  let lastUser = 0;
  /** a new account; its id, email, password and the session of its sign-up */
  const newUser = async (t: Test, prefix = 'user') => {
    const email = `${prefix}${++lastUser}@example.com`;
    const password = `seasick-lantern-${lastUser}`;
    const res = await post('/api/auth/signup', { email, password });
    t.equal(res.statusCode, 201, `signed up ${email}`);
    const body = res.json<{ id: string }>();
    return { id: body.id, email, password, sid: sidOf(res) };
  };
  const readEvents = async (stream: string) => (await system.core.store.readStream(stream)).map((event) => ({ type: event.type, data: event.data }));

  return { system, app, pool: system.core.db.slonik, newAddress, post, patch, me, setCookies, sidOf, newUser, readEvents };
}

// Test support for the club routes: one logged-in club account and plain JSON calls.
import type { LightMyRequestResponse } from 'fastify';
import type { HttpApp } from '../../infra/http/app.ts';
import type { TestSystem } from '../../ops/test/harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let lastId = 0;
/** A cuid-shaped id, as a phone makes one. */
export const cuid = (label = 'p'): string => `c${label.replace(/[^a-z0-9]/g, '')}${(++lastId).toString(36).padStart(4, '0')}${Math.random().toString(36).slice(2, 10)}`;

export async function clubClient(system: TestSystem, username = 'desk') {
  const app: HttpApp | undefined = system.apps.club;
  if (!app) throw new Error('the club service was not built');
  await system.core.accounts.create('club', username, 'a long password', { canChangePassword: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-real-ip': '198.51.100.9' },
    payload: { username, password: 'a long password' },
  });
  const sid = login.cookies.find((cookie) => cookie.name === 'club_sid');
  if (login.statusCode !== 200 || !sid) throw new Error(`login failed: ${login.body}`);
  const cookie = `club_sid=${sid.value}`;
  const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = { cookie }): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** the JSON body of an answer that must have `status` */
  async function ok<T = Record<string, unknown>>(method: Method, url: string, payload?: object, status = 200): Promise<T> {
    const response = await call(method, url, payload);
    if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }
  return { app, call, ok };
}

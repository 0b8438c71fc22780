// Test support for the gym routes: signs up (testing/sign-in.ts) and in through HTTP and carries the session cookie.
import type { LightMyRequestResponse } from 'fastify';
import type { HttpApp } from '../../infra/http/app.ts';
import { newAddress, SESSION_COOKIE, signUp } from '../sign-in.ts';

export { newAddress };

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const DEFAULTS = { restTimerSec: 90, weeklyGoal: 3, weekStart: 1, accent: 'blue', unit: 'kg', appearance: 'light' };
export const PASSWORD = 'correct horse battery';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The value of the gym_sid cookie an answer sets, or null. */
export function sessionCookie(res: LightMyRequestResponse): { value: string; expires: Date | undefined } | null {
  const found = res.cookies.find((cookie) => cookie.name === SESSION_COOKIE.gym);
  return found ? { value: found.value, expires: found.expires } : null;
}

export function gymClient(app: HttpApp) {
  const call = (method: Method, url: string, options: { ip?: string; sid?: string | null; payload?: object } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        'x-real-ip': options.ip ?? newAddress(),
        ...(options.sid ? { cookie: `gym_sid=${options.sid}` } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  return {
    call,
    async signup(email: string, password = PASSWORD, extra: object = {}) {
      const { account, sid } = await signUp('gym', app, { email, password, extra });
      return { user: account, sid };
    },
    async login(email: string, password = PASSWORD, ip?: string) {
      const res = await call('POST', '/api/auth/login', { payload: { email, password }, ...(ip ? { ip } : {}) });
      return { res, sid: sessionCookie(res)?.value ?? null };
    },
    me: (sid: string | null) => call('GET', '/api/me', { sid }),
  };
}

// Test support for the gym routes: signs up and in through HTTP and carries the session cookie.
import type { LightMyRequestResponse } from 'fastify';
import type { HttpApp } from '../../infra/http/app.ts';

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const DEFAULTS = { restTimerSec: 90, weeklyGoal: 3, weekStart: 1, accent: 'blue', unit: 'kg', appearance: 'light' };
export const PASSWORD = 'correct horse battery';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The value of the gym_sid cookie an answer sets, or null. */
export function sessionCookie(res: LightMyRequestResponse): { value: string; expires: Date | undefined } | null {
  const found = res.cookies.find((cookie) => cookie.name === 'gym_sid');
  return found ? { value: found.value, expires: found.expires } : null;
}

let lastAddress = 0;
/**
 * Each caller gets its own address, so the per-address limits of one test stay out of another's way.
 * From 198.18.0.0/15, the range kept for tests: a file making more than 254 calls ran out of
 * 203.0.113.0/24, and an address past .255 is none, so every later call shared the socket's.
 */
export const newAddress = (): string => {
  const n = ++lastAddress;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
};

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
      const res = await call('POST', '/api/auth/signup', { payload: { email, password, ...extra } });
      if (res.statusCode !== 201) throw new Error(`signup ${email}: ${res.statusCode} ${res.body}`);
      return { user: res.json(), sid: sessionCookie(res)!.value, res };
    },
    async login(email: string, password = PASSWORD, ip?: string) {
      const res = await call('POST', '/api/auth/login', { payload: { email, password }, ...(ip ? { ip } : {}) });
      return { res, sid: sessionCookie(res)?.value ?? null };
    },
    me: (sid: string | null) => call('GET', '/api/me', { sid }),
  };
}

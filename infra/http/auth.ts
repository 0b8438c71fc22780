import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_LIMIT_MS, SESSION_LIFETIME_MS, type Sessions } from '../accounts/sessions.ts';
import { errorBodySchema, type HttpApp, type SecurityScheme } from './app.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the session check on protected routes */
    userId: string;
    /** the cookie's token, when the request carried a live one */
    sessionToken: string | null;
    /** the stored id of that session ('' without one) */
    sessionId: string;
  }
}

export type SessionCookies = {
  /** the preHandler of every protected route: 401 without a live session */
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  set(reply: FastifyReply, token: string, expiresAt: Date): void;
  clear(reply: FastifyReply): void;
  /** the token the request carried, live or not */
  tokenOf(request: FastifyRequest): string | null;
};

const inDays = (ms: number): number => ms / (24 * 60 * 60 * 1000);

/** How long a login lasts, for the OpenAPI descriptions of the routes that start one. */
export const SESSION_TERMS =
  `The session cookie works only on this service. A login lasts ${inDays(SESSION_LIFETIME_MS)} days and is renewed for ` +
  `${inDays(SESSION_LIFETIME_MS)} more when used past half of that, but never past ${inDays(SESSION_ABSOLUTE_LIMIT_MS)} days ` +
  'after sign-in: then the user signs in again, however often the login was used.';

export const unauthenticated = (): HttpError => new HttpError(401, 'UNAUTHENTICATED', 'Sign in first');

/** The session cookie as the OpenAPI document names it: the scheme every signed-in operation requires. */
export const sessionCookieScheme = (name: string): Readonly<Record<string, SecurityScheme>> => ({
  [name]: { type: 'apiKey', in: 'cookie', name, description: 'The session cookie that signing in sets (HttpOnly, SameSite=Lax)' },
});

/**
 * The session cookie of one service: HttpOnly, SameSite=Lax, Secure unless turned off for local
 * plain-HTTP development. Renewal re-sets the cookie with the new expiry.
 */
export async function registerSessionCookies(
  app: HttpApp,
  options: { readonly name: string; readonly secure: boolean; readonly sessions: Sessions },
): Promise<SessionCookies> {
  await app.register(cookie);
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionId', '');
  const set = (reply: FastifyReply, token: string, expiresAt: Date): void => {
    reply.setCookie(options.name, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure, expires: expiresAt });
  };
  const tokenOf = (request: FastifyRequest): string | null => request.cookies[options.name] ?? null;
  const requireUser = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = tokenOf(request);
    const found = token ? await options.sessions.find(token) : null;
    if (!found || !token) throw unauthenticated();
    request.userId = found.session.userId;
    request.sessionToken = token;
    request.sessionId = found.session.id;
    if (found.renewed) set(reply, token, found.session.expiresAt);
  };
  // a route behind the session check says so in the document: the cookie it needs, the 401 it may answer
  app.addHook('onRoute', (route) => {
    const checks: unknown[] = [route.onRequest, route.preHandler].flat();
    if (!route.schema || !checks.includes(requireUser)) return;
    route.schema.security ??= [{ [options.name]: [] }];
    const responses = route.schema.response;
    if (responses && typeof responses === 'object' && !('401' in responses)) route.schema.response = { ...responses, 401: errorBodySchema };
  });
  return {
    set,
    tokenOf,
    clear(reply) {
      reply.clearCookie(options.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
    },
    requireUser,
  };
}

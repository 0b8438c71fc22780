import { z } from 'zod';
import type { Sessions } from '../../infra/accounts/sessions.ts';
import type { HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';

export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** POST /api/auth/logout: deletes this device's session row and clears its cookie; public. */
export function logoutRoute(app: HttpApp, deps: { readonly cookies: SessionCookies; readonly sessions: Sessions }): void {
  app.post(
    '/api/auth/logout',
    { schema: { operationId: 'logOut', summary: 'Sign out this device: ends its session and clears the cookie', response: { 200: okSchema } } },
    async (request, reply) => {
      const token = deps.cookies.tokenOf(request);
      if (token) await deps.sessions.end(token);
      deps.cookies.clear(reply);
      return { ok: true as const };
    },
  );
}

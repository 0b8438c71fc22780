import type { DatabasePool } from 'slonik';
import { userSchema } from '../../domain/shows/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { type SessionCookies, unauthenticated } from '../../infra/http/auth.ts';
import { readUser } from '../../projections/shows/users/read-user.ts';

export function showsUserQueryRoutes(app: HttpApp, deps: { readonly pool: DatabasePool; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/auth/me',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in user; 401 when not signed in',
        response: { 200: userSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await readUser(deps.pool, request.userId);
      // a live session whose account was erased meanwhile
      if (!user) throw unauthenticated();
      return user;
    },
  );
}

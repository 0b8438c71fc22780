import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { gymUserSchema } from '../../domain/gym/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { readGymUser } from '../../projections/gym/users/read-gym-user.ts';

export function gymQueryRoutes(
  app: HttpApp,
  deps: { readonly pool: DatabasePool; readonly cookies: SessionCookies; readonly inviteRequired: boolean },
): void {
  app.get(
    '/api/auth/config',
    {
      schema: {
        operationId: 'getAuthConfig',
        summary: 'Whether signup needs an invite code',
        response: { 200: z.object({ inviteRequired: z.boolean() }) },
      },
    },
    async () => ({ inviteRequired: deps.inviteRequired }),
  );

  app.get(
    '/api/me',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in user with every setting',
        response: { 200: gymUserSchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => readGymUser(deps.pool, request.userId),
  );
}

import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { type User, userSchema } from '../../domain/shows/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { type SessionCookies, unauthenticated } from '../../infra/http/auth.ts';

const userRow = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  public_profile: z.boolean(),
  email_notifications: z.boolean(),
  push_notifications: z.boolean(),
  created_at: z.string(),
});

export async function readUser(pool: DatabasePool, id: string): Promise<User | null> {
  const row = await pool.maybeOne(sql.type(userRow)`
    SELECT id, email, username, public_profile, email_notifications, push_notifications, created_at
    FROM shows.users WHERE id = ${id}`);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    publicProfile: row.public_profile,
    emailNotifications: row.email_notifications,
    pushNotifications: row.push_notifications,
    createdAt: row.created_at,
  };
}

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

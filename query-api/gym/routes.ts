import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { type GymUser, gymUserSchema, settingsSchema } from '../../domain/gym/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { serviceUnavailable } from '../../infra/http/errors.ts';

const userRow = z.object({
  id: z.string(),
  email: z.string(),
  rest_timer_sec: z.number(),
  weekly_goal: z.number(),
  week_start: z.number(),
  accent: z.string(),
  unit: z.string(),
  appearance: z.string(),
  created_at: z.string(),
});

export async function findGymUser(pool: CommonQueryMethods, id: string): Promise<GymUser | null> {
  const row = await pool.maybeOne(sql.type(userRow)`
    SELECT id, email, rest_timer_sec, weekly_goal, week_start, accent, unit, appearance, created_at FROM gym.users WHERE id = ${id}`);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    settings: settingsSchema.parse({
      restTimerSec: row.rest_timer_sec,
      weeklyGoal: row.weekly_goal,
      weekStart: row.week_start,
      accent: row.accent,
      unit: row.unit,
      appearance: row.appearance,
    }),
    createdAt: row.created_at,
  };
}

/** What a read answers for a signed-in user whose account the read side has not built yet. */
export const accountNotReady = () => serviceUnavailable(1, 'The account is still being set up; try again shortly');

/** The user as GET /me shows it; the credentials exist but the read side has not caught up otherwise. */
export async function readGymUser(pool: CommonQueryMethods, id: string): Promise<GymUser> {
  const user = await findGymUser(pool, id);
  if (!user) throw accountNotReady();
  return user;
}

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

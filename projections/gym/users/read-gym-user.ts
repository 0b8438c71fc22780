import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { type GymUser, settingsSchema } from '../../../domain/gym/user.ts';
import { accountNotReady } from '../../../infra/http/account-not-ready.ts';

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

/** The user as GET /me shows it; the credentials exist but the read side has not caught up otherwise. */
export async function readGymUser(pool: CommonQueryMethods, id: string): Promise<GymUser> {
  const user = await findGymUser(pool, id);
  if (!user) throw accountNotReady();
  return user;
}

import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { User } from '../../../domain/shows/user.ts';

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

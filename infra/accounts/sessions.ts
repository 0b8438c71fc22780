import { createHmac, randomBytes } from 'node:crypto';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';

export const SESSION_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export type Session = { readonly id: string; readonly userId: string; readonly expiresAt: Date };
export type SessionLookup = { readonly session: Session; readonly renewed: boolean };

export type Sessions = {
  /** a new random token (256 bits) for the user; only its HMAC is stored */
  start(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /** the live session of a token, renewed for a full lifetime once past half of it */
  find(token: string): Promise<SessionLookup | null>;
  end(token: string): Promise<void>;
  /** inside `tx` when given, so a password change and the sign-outs commit together */
  endAllOf(userId: string, except?: string, tx?: DatabaseTransactionConnection): Promise<void>;
  idOf(token: string): string;
};

const sessionRow = z.object({ id: z.string(), user_id: z.string(), expires_at: z.string() });

export function createSessions(deps: { readonly pool: DatabasePool; readonly secret: string; readonly now: () => Date }): Sessions {
  const idOf = (token: string): string => createHmac('sha256', deps.secret).update(token).digest('base64url');
  return {
    idOf,
    async start(userId) {
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      await deps.pool.query(sql.unsafe`
        INSERT INTO auth.sessions (id, user_id, created_at, expires_at)
        VALUES (${idOf(token)}, ${userId}, ${now.toISOString()}, ${expiresAt.toISOString()})`);
      return { token, expiresAt };
    },
    async find(token) {
      if (!token || token.length > 200) return null;
      const now = deps.now();
      const row = await deps.pool.maybeOne(sql.type(sessionRow)`
        SELECT id, user_id, expires_at FROM auth.sessions WHERE id = ${idOf(token)} AND expires_at > ${now.toISOString()}`);
      if (!row) return null;
      const expiresAt = new Date(row.expires_at);
      if (expiresAt.getTime() - now.getTime() >= SESSION_LIFETIME_MS / 2) {
        return { session: { id: row.id, userId: row.user_id, expiresAt }, renewed: false };
      }
      const renewedUntil = new Date(now.getTime() + SESSION_LIFETIME_MS);
      await deps.pool.query(sql.unsafe`UPDATE auth.sessions SET expires_at = ${renewedUntil.toISOString()} WHERE id = ${row.id}`);
      return { session: { id: row.id, userId: row.user_id, expiresAt: renewedUntil }, renewed: true };
    },
    async end(token) {
      await deps.pool.query(sql.unsafe`DELETE FROM auth.sessions WHERE id = ${idOf(token)}`);
    },
    async endAllOf(userId, except, tx) {
      await (tx ?? deps.pool).query(sql.unsafe`
        DELETE FROM auth.sessions WHERE user_id = ${userId} ${except ? sql.fragment`AND id <> ${idOf(except)}` : sql.fragment``}`);
    },
  };
}

import { createHmac, randomBytes } from 'node:crypto';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import type { ServiceName } from './accounts.ts';
import { type CachedSession, noSessionCache, type SessionCache } from './session-cache.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A login lasts this long unused (specs 000–002), renewed for as long when used past half of it. */
export const SESSION_LIFETIME_MS = 90 * DAY_MS;

/**
 * No renewal carries a login past this age: a token that leaked once stops working within a
 * year even when it is used every day, and its owner signs in again.
 */
export const SESSION_ABSOLUTE_LIMIT_MS = 365 * DAY_MS;

export type Session = { readonly id: string; readonly userId: string; readonly expiresAt: Date };
export type SessionLookup = { readonly session: Session; readonly renewed: boolean };

/** The sessions of one service: a token another service made is unknown here. */
export type Sessions = {
  readonly service: ServiceName;
  /** a new random token (256 bits) for an account of this service; only its HMAC is stored */
  start(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /** the live session of a token, renewed for a full lifetime once past half of it, never past the absolute limit */
  find(token: string): Promise<SessionLookup | null>;
  end(token: string): Promise<void>;
  /**
   * Every session of the user, on whatever service: user ids are unique across services, and
   * ending too much is the safe side. Inside `tx` when given, so a password change and the
   * sign-outs commit together.
   */
  endAllOf(userId: string, except?: string, tx?: DatabaseTransactionConnection): Promise<void>;
  idOf(token: string): string;
};

export type SessionsByService = Readonly<Record<ServiceName, Sessions>>;

type SessionDeps = {
  readonly pool: DatabasePool;
  readonly secret: string;
  readonly now: () => Date;
  /** where looked-up sessions are kept between requests; none by default */
  readonly cache?: SessionCache;
};

const sessionRow = z.object({ user_id: z.string(), created_at: z.string(), expires_at: z.string() });
const startedRow = z.object({ id: z.string() });

export function createSessions(deps: SessionDeps, service: ServiceName): Sessions {
  const idOf = (token: string): string => createHmac('sha256', deps.secret).update(token).digest('base64url');
  const cache = deps.cache ?? noSessionCache;
  /** the row of a token, kept in memory unless a revocation was heard meanwhile */
  const lookUp = async (token: string): Promise<CachedSession | null> => {
    const ticket = cache.ticket();
    const id = idOf(token);
    // both the row and its account must be this service's (the join is the second lock on the door)
    const row = await deps.pool.maybeOne(sql.type(sessionRow)`
      SELECT s.user_id, s.created_at, s.expires_at
      FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id
      WHERE s.id = ${id} AND s.service = ${service} AND u.service = ${service}`);
    if (!row) return null;
    const entry = { id, service, userId: row.user_id, createdAt: Date.parse(row.created_at), expiresAt: Date.parse(row.expires_at) };
    cache.put(token, entry, ticket);
    return entry;
  };
  return {
    service,
    idOf,
    async start(userId) {
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      // the account must be this service's: a session is never made for another service's user
      const started = await deps.pool.maybeOne(sql.type(startedRow)`
        INSERT INTO auth.sessions (id, user_id, service, created_at, expires_at)
        SELECT ${idOf(token)}, id, service, ${now.toISOString()}, ${expiresAt.toISOString()}
        FROM auth.users WHERE id = ${userId} AND service = ${service}
        RETURNING id`);
      if (!started) throw new Error(`no ${service} account ${userId} to start a session for`);
      return { token, expiresAt };
    },
    async find(token) {
      if (!token || token.length > 200) return null;
      const now = deps.now();
      const held = cache.get(token);
      const row = held?.service === service ? held : held ? null : await lookUp(token);
      if (!row || row.expiresAt <= now.getTime() || row.createdAt <= now.getTime() - SESSION_ABSOLUTE_LIMIT_MS) {
        if (held) cache.drop(held.id);
        return null;
      }
      const session = { id: row.id, userId: row.userId, expiresAt: new Date(row.expiresAt) };
      if (row.expiresAt - now.getTime() >= SESSION_LIFETIME_MS / 2) return { session, renewed: false };
      const renewedUntil = Math.min(now.getTime() + SESSION_LIFETIME_MS, row.createdAt + SESSION_ABSOLUTE_LIMIT_MS);
      if (renewedUntil <= row.expiresAt) return { session, renewed: false };
      const ticket = cache.ticket();
      // the row's trigger tells every other process to read it again
      await deps.pool.query(sql.unsafe`UPDATE auth.sessions SET expires_at = ${new Date(renewedUntil).toISOString()} WHERE id = ${row.id}`);
      cache.put(token, { ...row, expiresAt: renewedUntil }, ticket);
      return { session: { ...session, expiresAt: new Date(renewedUntil) }, renewed: true };
    },
    async end(token) {
      cache.drop(idOf(token));
      await deps.pool.query(sql.unsafe`DELETE FROM auth.sessions WHERE id = ${idOf(token)} AND service = ${service}`);
    },
    async endAllOf(userId, except, tx) {
      // at once here; other processes hear it from the rows' trigger when the deletion commits
      cache.dropUser(userId);
      await (tx ?? deps.pool).query(sql.unsafe`
        DELETE FROM auth.sessions WHERE user_id = ${userId} ${except ? sql.fragment`AND id <> ${idOf(except)}` : sql.fragment``}`);
    },
  };
}

/** One Sessions per service on one table and one secret. */
export function createSessionsByService(deps: SessionDeps): SessionsByService {
  return { gym: createSessions(deps, 'gym'), shows: createSessions(deps, 'shows'), club: createSessions(deps, 'club') };
}

import { ERASED_USERS_DDL } from '../eventstore/fence.ts';
import type { Migration } from '../postgres/migrations.ts';

/**
 * Credentials and short-lived security state: plain tables, never events. A user row belongs to one
 * service, and so does each session (it works only there); deleting a user removes its sessions and
 * recovery code with it.
 */
export const accountsMigration: Migration = {
  component: 'auth',
  steps: [
    `CREATE SCHEMA IF NOT EXISTS auth;
     CREATE TABLE auth.users (
       id text PRIMARY KEY,
       service text NOT NULL,
       login text NOT NULL,
       password_hash text NOT NULL,
       can_change_password boolean NOT NULL,
       created_at timestamptz NOT NULL,
       UNIQUE (service, login)
     );
     CREATE TABLE auth.sessions (
       id text PRIMARY KEY,
       user_id text NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
       created_at timestamptz NOT NULL,
       expires_at timestamptz NOT NULL
     );
     CREATE INDEX sessions_user ON auth.sessions (user_id);
     CREATE TABLE auth.recovery_codes (
       user_id text PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
       code_hash text,
       expires_at timestamptz,
       tries integer NOT NULL DEFAULT 0,
       window_started_at timestamptz NOT NULL,
       sent_in_window integer NOT NULL
     );
     CREATE TABLE auth.rate_limits (
       key text PRIMARY KEY,
       window_started_at timestamptz NOT NULL,
       hits integer NOT NULL
     );`,
    // A session belongs to the service that made it; rows from before take their account's service.
    `ALTER TABLE auth.sessions ADD COLUMN service text;
     UPDATE auth.sessions s SET service = u.service FROM auth.users u WHERE u.id = s.user_id;
     ALTER TABLE auth.sessions ALTER COLUMN service SET NOT NULL;
     ALTER TABLE auth.sessions ADD CONSTRAINT sessions_service CHECK (service IN ('gym', 'shows', 'club'));`,
    // API processes serve sessions from memory: every change or removal of a row, by whatever path
    // (a logout, a reset, an erasure's cascade, an operator's SQL), tells them all to forget it.
    `CREATE FUNCTION auth.session_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
     BEGIN
       PERFORM pg_notify('auth_session_changed', OLD.id);
       RETURN NULL;
     END
     $fn$;
     CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON auth.sessions
       FOR EACH ROW EXECUTE FUNCTION auth.session_changed();`,
    // The erasure fence's table: the PostgreSQL event store's migration makes it too (its append
    // reads it); with EventStoreDB keeping the log, this is where it comes from.
    ERASED_USERS_DDL,
  ],
};

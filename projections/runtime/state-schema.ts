import type { Migration } from '../../infra/postgres/migrations.ts';

export const CHECKPOINTS_DDL = `
  CREATE SCHEMA IF NOT EXISTS projection_state;
  CREATE TABLE IF NOT EXISTS projection_state.checkpoints (
    name text PRIMARY KEY,
    version integer NOT NULL,
    commit_position bigint NOT NULL,
    prepare_position bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );`;

// A table of its own, not columns of the checkpoint row: a first build that fails has no row yet,
// and a rebuild's swap rewrites the row.
const FAILURES_DDL = `
  CREATE TABLE projection_state.failures (
    name text PRIMARY KEY,
    event_id text NOT NULL,
    event_stream text NOT NULL,
    event_revision bigint NOT NULL,
    event_commit bigint NOT NULL,
    event_prepare bigint NOT NULL,
    event_type text NOT NULL,
    error text NOT NULL,
    failed_at timestamptz NOT NULL DEFAULT now()
  );`;

export const projectionsMigration: Migration = { component: 'projections', steps: [CHECKPOINTS_DDL, FAILURES_DDL] };

import { sql, type DatabasePool, UniqueIntegrityConstraintViolationError } from 'slonik';
import { z } from 'zod';
import type { ExportShow, ImportSource } from '../../domain/shows/import.ts';
import type { Migration } from '../../infra/postgres/migrations.ts';

/**
 * Import jobs are work in progress, not facts: a plain table (ARCHITECTURE.md, "State that is not
 * an event"). The row holds the parsed export until the job ends, so any API process can pick up
 * a job whose runner died; what the job did is in the log, as the library events it appended.
 * One queued or running job per user.
 */
export const importJobsMigration: Migration = {
  component: 'shows_imports',
  steps: [
    `CREATE SCHEMA IF NOT EXISTS shows_state;
     CREATE TABLE shows_state.import_jobs (
       id text PRIMARY KEY,
       user_id text NOT NULL,
       source text NOT NULL,
       status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
       shows jsonb NOT NULL,
       shows_total integer NOT NULL,
       shows_done integer NOT NULL DEFAULT 0,
       result jsonb NOT NULL,
       error text,
       owner text,
       heartbeat_at timestamptz NOT NULL DEFAULT now(),
       created_at timestamptz NOT NULL,
       finished_at timestamptz
     );
     CREATE UNIQUE INDEX import_jobs_one_active ON shows_state.import_jobs (user_id) WHERE status IN ('queued', 'running');
     CREATE INDEX import_jobs_user ON shows_state.import_jobs (user_id);`,
  ],
};

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const idsSchema = z.object({ tvdb: z.number().nullable(), imdb: z.string().nullable(), tmdb: z.number().nullable(), trakt: z.number().nullable() });

export const importResultSchema = z.object({
  imported: z.object({
    shows: z.number().int().meta({ description: 'shows the import started tracking' }),
    episodes: z.number().int().meta({ description: 'episodes marked watched' }),
    watchlist: z.number().int().meta({ description: 'shows put on the watchlist' }),
    ratings: z.number().int().meta({ description: 'shows completed with their rating' }),
  }),
  unchanged: z.number().int().meta({ description: 'shows matched whose library entry already held everything the export says' }),
  unresolved: z
    .array(z.object({ title: z.string(), ids: idsSchema, reason: z.string() }))
    .meta({ description: 'shows TVmaze could not be matched to: nothing of them was imported' }),
  notImported: z
    .array(z.object({ title: z.string(), what: z.string(), reason: z.string() }))
    .meta({ description: 'parts of matched shows (or of the export) left out, and why' }),
  matchedByName: z
    .array(z.object({ title: z.string(), showId: z.number().int(), name: z.string() }))
    .meta({ description: 'shows matched by their name alone, worth a look' }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const emptyResult = (): ImportResult => ({
  imported: { shows: 0, episodes: 0, watchlist: 0, ratings: 0 },
  unchanged: 0,
  unresolved: [],
  notImported: [],
  matchedByName: [],
});

export type ImportJobView = {
  readonly id: string;
  readonly source: ImportSource;
  readonly status: ImportStatus;
  readonly showsTotal: number;
  readonly showsDone: number;
  readonly result: ImportResult;
  readonly error: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
};

export type ClaimedJob = ImportJobView & { readonly userId: string; readonly shows: readonly ExportShow[] };

/** A user's second import while the first is queued or running. */
export class ImportAlreadyRunning extends Error {
  constructor() {
    super('an import of this user is queued or running');
    this.name = 'ImportAlreadyRunning';
  }
}

const rowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  source: z.enum(['tvtime', 'trakt']),
  status: z.enum(IMPORT_STATUSES),
  shows_total: z.number(),
  shows_done: z.number(),
  result: z.unknown(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
const VIEW_COLUMNS = sql.fragment`id, user_id, source, status, shows_total, shows_done, result, error, created_at, finished_at`;

function viewOf(row: z.infer<typeof rowSchema>): ImportJobView {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    showsTotal: row.shows_total,
    showsDone: row.shows_done,
    result: importResultSchema.parse(row.result),
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export type ImportJobs = {
  create(job: { id: string; userId: string; source: ImportSource; shows: readonly ExportShow[]; result: ImportResult; now: Date }): Promise<void>;
  /** the caller's own job: another user's is as unknown as none */
  get(id: string, userId: string): Promise<ImportJobView | null>;
  /** whether the user has a job queued or running (asked before an upload is parsed; `create` still decides) */
  hasActive(userId: string): Promise<boolean>;
  /**
   * Takes one job no process is running: queued, or running with no heartbeat for `staleMs` (its
   * runner died). SKIP LOCKED: two processes never take the same one.
   */
  claim(owner: string, staleMs: number): Promise<ClaimedJob | null>;
  /** after each show; false when the job is no longer this owner's (taken over, or erased) */
  progress(id: string, owner: string, showsDone: number, result: ImportResult): Promise<boolean>;
  heartbeat(id: string, owner: string): Promise<boolean>;
  finish(id: string, owner: string, outcome: { status: 'done' | 'failed'; result: ImportResult; error: string | null; now: Date }): Promise<boolean>;
  /** a stopping process hands its job back, to be taken at once by the next */
  release(id: string, owner: string): Promise<void>;
  /** ended jobs older than `olderThanMs` go */
  sweep(olderThanMs: number): Promise<void>;
};

export function createImportJobs(pool: DatabasePool): ImportJobs {
  return {
    hasActive: (userId) =>
      pool.exists(sql.unsafe`SELECT 1 FROM shows_state.import_jobs WHERE user_id = ${userId} AND status IN ('queued', 'running')`),
    async create(job) {
      try {
        await pool.query(sql.unsafe`
          INSERT INTO shows_state.import_jobs (id, user_id, source, status, shows, shows_total, result, created_at)
          VALUES (${job.id}, ${job.userId}, ${job.source}, 'queued', ${sql.jsonb(job.shows)}, ${job.shows.length},
                  ${sql.jsonb(job.result)}, ${job.now.toISOString()})`);
      } catch (error) {
        if (error instanceof UniqueIntegrityConstraintViolationError) throw new ImportAlreadyRunning();
        throw error;
      }
    },
    async get(id, userId) {
      const row = await pool.maybeOne(sql.type(rowSchema)`
        SELECT ${VIEW_COLUMNS} FROM shows_state.import_jobs WHERE id = ${id} AND user_id = ${userId}`);
      return row ? viewOf(row) : null;
    },
    async claim(owner, staleMs) {
      const row = await pool.maybeOne(sql.type(rowSchema.extend({ shows: z.unknown() }))`
        UPDATE shows_state.import_jobs SET status = 'running', owner = ${owner}, heartbeat_at = now()
        WHERE id = (
          SELECT id FROM shows_state.import_jobs
          WHERE status = 'queued' OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => ${staleMs / 1000}))
          ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${VIEW_COLUMNS}, shows`);
      if (!row) return null;
      return { ...viewOf(row), userId: row.user_id, shows: row.shows as ExportShow[] };
    },
    async progress(id, owner, showsDone, result) {
      const updated = await pool.query(sql.unsafe`
        UPDATE shows_state.import_jobs SET shows_done = ${showsDone}, result = ${sql.jsonb(result)}, heartbeat_at = now()
        WHERE id = ${id} AND owner = ${owner} AND status = 'running'`);
      return updated.rowCount > 0;
    },
    async heartbeat(id, owner) {
      const updated = await pool.query(sql.unsafe`
        UPDATE shows_state.import_jobs SET heartbeat_at = now() WHERE id = ${id} AND owner = ${owner} AND status = 'running'`);
      return updated.rowCount > 0;
    },
    async finish(id, owner, outcome) {
      // the export is dropped with the job's end: only the outcome is kept to be read
      const updated = await pool.query(sql.unsafe`
        UPDATE shows_state.import_jobs
        SET status = ${outcome.status}, result = ${sql.jsonb(outcome.result)}, error = ${outcome.error}, shows = '[]'::jsonb,
            owner = NULL, heartbeat_at = now(), finished_at = ${outcome.now.toISOString()}
        WHERE id = ${id} AND owner = ${owner} AND status = 'running'`);
      return updated.rowCount > 0;
    },
    async release(id, owner) {
      await pool.query(sql.unsafe`
        UPDATE shows_state.import_jobs SET status = 'queued', owner = NULL
        WHERE id = ${id} AND owner = ${owner} AND status = 'running'`);
    },
    async sweep(olderThanMs) {
      await pool.query(sql.unsafe`
        DELETE FROM shows_state.import_jobs
        WHERE status IN ('done', 'failed') AND heartbeat_at < now() - make_interval(secs => ${olderThanMs / 1000})`);
    },
  };
}

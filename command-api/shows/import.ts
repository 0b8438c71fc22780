import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { textSchema } from '../../domain/shared/text.ts';
import type { ParsedExport } from '../../domain/shows/import.ts';
import { traktRatingSchema, traktWatchedShowSchema, traktWatchlistItemSchema } from '../../domain/shows/import-trakt.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { userLimitKey } from '../../infra/accounts/rate-limit.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { conflict, HttpError, notFound, tooManyRequests } from '../../infra/http/errors.ts';
import { cuid } from '../../infra/ids.ts';
import type { Core } from '../shared/core.ts';
import { emptyResult, IMPORT_STATUSES, ImportAlreadyRunning, type ImportJobs, importResultSchema } from './import-queue.ts';
import { IMPORT_BODY_LIMIT, readTraktBody, readUploadedFiles } from './import-upload.ts';

export type ImportDeps = {
  readonly core: Core;
  readonly cookies: SessionCookies;
  /** the queue of imports, which the worker (jobs/shows/import-job.ts) takes from */
  readonly jobs: ImportJobs;
  /** tells the worker a job is queued, so it need not wait for its next poll */
  readonly kick: () => void;
};

const fileSchema = z.object({
  name: textSchema.min(1).max(255).meta({ description: 'the file name, e.g. tracking-prod-records.csv or the export zip' }),
  content: textSchema.max(IMPORT_BODY_LIMIT),
  encoding: z.enum(['base64', 'text']).default('base64').meta({ description: 'base64 for a zip (or any file); text for a CSV or JSON file sent as it is' }),
});

export const importBody = z
  .object({
    files: z.array(fileSchema).min(1).max(20).optional().meta({ description: "the export's zip, or its CSV or JSON files" }),
    trakt: z
      .object({
        watched: z.array(traktWatchedShowSchema).optional().meta({ description: 'watched-shows.json' }),
        watchlist: z.array(traktWatchlistItemSchema).optional().meta({ description: 'watchlist-shows.json or watchlist.json' }),
        ratings: z.array(traktRatingSchema).optional().meta({ description: 'ratings-shows.json' }),
      })
      .optional()
      .meta({ description: "Trakt's arrays, sent as JSON instead of files" }),
  })
  .refine((body) => (body.files === undefined) !== (body.trakt === undefined), { message: 'send either files or trakt' });

const jobIdParams = z.object({ jobId: textSchema.min(1).max(100) });

export const importJobSchema = importResultSchema
  .extend({
    id: z.string(),
    source: z.enum(['tvtime', 'trakt']),
    status: z.enum(IMPORT_STATUSES),
    showsTotal: z.number().int(),
    showsDone: z.number().int(),
    error: z.string().nullable().meta({ description: 'why a failed import stopped' }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });

const alreadyRunning = () => conflict('IMPORT_RUNNING', 'An import of yours is already under way; wait until it is done');

/** uploads (refused ones included) per user: parsing an export is work for the process */
const IMPORT_REQUESTS = { limit: 20, windowMinutes: 10 } as const;

/** POST /api/import queues a job; GET /api/import/:jobId tells how it goes. */
export function showsImportRoutes(app: HttpApp, deps: ImportDeps): void {
  const { core, jobs } = deps;
  const onRequest = deps.cookies.requireUser;

  const allowance = { limit: IMPORT_REQUESTS.limit, windowMs: IMPORT_REQUESTS.windowMinutes * 60_000 };
  // the session first, so a stranger's upload is never read and the count is the user's
  const limitUploads = async (request: FastifyRequest): Promise<void> => {
    const { allowed, retryAfterMs } = await core.rateLimiter.hit(userLimitKey('shows:import', request.userId), allowance);
    if (!allowed) throw tooManyRequests(retryAfterMs / 1000, `At most ${IMPORT_REQUESTS.limit} imports in ${IMPORT_REQUESTS.windowMinutes} minutes; try again later`);
  };

  app.post(
    '/api/import',
    {
      onRequest: [onRequest, limitUploads],
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'importLibrary',
        summary: 'Bring a history from TV Time (its GDPR export) or Trakt (its JSON export); answers a job to poll',
        description:
          'The upload is read whole first: 400 IMPORT_INVALID names the file, line or item and field of the first thing that cannot be read; ' +
          '413 over 20 MiB of files, 5,000 shows or 200,000 episodes. Shows are matched on TVmaze by TheTVDB id, then IMDb id, then name, ' +
          'and imported one library command per show. Importing the same export again changes nothing. One import per user at a time (409).',
        body: importBody,
        response: { 202: z.object({ jobId: z.string() }), 401: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      // before the upload is unpacked and parsed, which holds this process for a while
      if (await jobs.hasActive(request.userId)) throw alreadyRunning();
      const body = request.body;
      const parsed: ParsedExport = body.files ? readUploadedFiles(body.files) : readTraktBody(body.trakt ?? {});
      if (parsed.shows.length === 0 && parsed.notImported.length === 0) {
        throw new HttpError(400, 'IMPORT_INVALID', 'The export holds no shows');
      }
      const jobId = cuid();
      try {
        await jobs.create({
          id: jobId,
          userId: request.userId,
          source: parsed.source,
          shows: parsed.shows,
          result: { ...emptyResult(), notImported: [...parsed.notImported] },
          now: core.now(),
        });
      } catch (error) {
        if (error instanceof ImportAlreadyRunning) throw alreadyRunning();
        throw error;
      }
      deps.kick();
      reply.code(202);
      return { jobId };
    },
  );

  app.get(
    '/api/import/:jobId',
    {
      onRequest,
      schema: {
        operationId: 'getImportJob',
        summary: "An import's progress and, once done, what was imported and what was not (unresolved titles are listed, never dropped)",
        params: jobIdParams,
        response: { 200: importJobSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const job = await jobs.get(request.params.jobId, request.userId);
      if (!job) throw notFound('No such import');
      const { result, ...rest } = job;
      return { ...rest, ...result };
    },
  );
}

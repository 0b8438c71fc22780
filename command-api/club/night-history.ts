// The versions of a night, one version's night, and restore. The night's stream is its history, so
// these read the log the way the command side does (no read table keeps old versions; query routes
// read only read tables), and a restore is one more save on top: nothing earlier is rewritten.
import { z } from 'zod';
import { clientIdSchema } from '../../domain/club/player.ts';
import { type NightVersion, nightVersions } from '../../domain/club/history.ts';
import { nightStream } from '../../domain/club/night.ts';
import { idTextSchema } from '../../domain/shared/text.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { notFound } from '../../infra/http/errors.ts';
import { knownPlayerIds } from '../../projections/club/players/read-players.ts';
import { nightDocumentSchema } from '../../projections/club/nights/night-views.ts';
import { nightDocument, readNight } from '../../projections/club/nights/read-nights.ts';
import type { ClubCommandDeps } from './route-deps.ts';
import { answerStaleCopy, nightChangeRefusals } from './stale-copy.ts';
import { nightRestore } from './streams.ts';

const MAX_VERSION = 2_147_483_647;
const versionNumber = z.coerce.number().int().min(1).max(MAX_VERSION);
const idParams = z.object({ id: idTextSchema });
const versionParams = z.object({ id: idTextSchema, version: versionNumber.describe('a version of the night, as GET /api/sessions/{id}/versions lists them') });

const nightVersionSchema = z.object({
  version: z.number().describe('the night’s version right after this change: the number a save names as the one it builds on'),
  recordedAt: z.string().describe('when the change was recorded (ISO 8601, UTC)'),
  kind: z.enum(['opened', 'saved', 'restored', 'closed', 'reopened']),
  restoredFrom: z.number().nullable().describe('for a restore, the older version it put back'),
  changes: z.array(z.string()).describe('what changed against the version before, in short phrases'),
});

export const restoreBody = z.object({
  expectedVersion: z
    .number()
    .int()
    .min(1)
    .describe('the night’s newest version as this phone knows it (what a save sends as `version`); another answers 409 {current}'),
  snapshotId: clientIdSchema
    .optional()
    .describe('the phone’s id for its change on top of expectedVersion, as a save sends it: a restore sent again after its answer was lost answers the night it made'),
});

/** Every version of the night, oldest first; 404 for a night never opened or deleted. */
async function readVersions(deps: ClubCommandDeps, id: string): Promise<NightVersion[]> {
  const recorded = await deps.store.readStream(nightStream(id));
  const versions = nightVersions(recorded.map((event) => ({ type: event.type, data: event.data, metadata: event.metadata, recordedAt: event.recordedAt.toISOString() })));
  if (versions.length === 0) throw notFound('No such night');
  return versions;
}

async function readVersion(deps: ClubCommandDeps, id: string, version: number): Promise<NightVersion> {
  const found = (await readVersions(deps, id)).find((candidate) => candidate.version === version);
  if (!found) throw notFound(`The night has no version ${version}`);
  return found;
}

export function clubNightHistoryRoutes(app: HttpApp, deps: ClubCommandDeps): void {
  const onRequest = deps.cookies.requireUser;

  app.get(
    '/api/sessions/:id/versions',
    {
      schema: {
        operationId: 'listNightVersions',
        summary: 'The versions of a night, newest first: each change that made one (opened, saved, restored, closed, reopened), when, and what changed',
        params: idParams,
        response: {
          200: z.object({ id: z.string(), version: z.number().describe('the newest version'), versions: z.array(nightVersionSchema) }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
      onRequest,
    },
    async (request) => {
      const versions = await readVersions(deps, request.params.id);
      return {
        id: request.params.id,
        version: versions.at(-1)!.version,
        versions: versions.reverse().map(({ night: _night, ...version }) => ({ ...version, changes: [...version.changes] })),
      };
    },
  );

  app.get(
    '/api/sessions/:id/versions/:version',
    {
      schema: {
        operationId: 'getNightVersion',
        summary: 'The night as it stood right after one of its versions, in the shape of GET /api/sessions/{id}',
        params: versionParams,
        response: { 200: nightDocumentSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
      onRequest,
    },
    async (request) => {
      const { id, version } = request.params;
      return nightDocument(deps.pool, id, (await readVersion(deps, id, version)).night);
    },
  );

  app.post(
    '/api/sessions/:id/versions/:version/restore',
    {
      schema: {
        operationId: 'restoreNightVersion',
        summary:
          'Save an older version of the night as its newest: one more version with that night, nothing earlier rewritten. Built on expectedVersion like a save: 409 {current} when another phone saved first',
        params: versionParams,
        body: restoreBody,
        response: {
          200: nightDocumentSchema,
          ...nightChangeRefusals,
        },
      },
      onRequest,
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const older = await readVersion(deps, id, version);
      const known = await knownPlayerIds(deps.pool, older.night.people.map((person) => person.playerId));
      const restore = {
        type: 'restore-version',
        restored: older.night,
        from: version,
        expectedVersion: request.body.expectedVersion,
        snapshotId: request.body.snapshotId,
        at: deps.now().toISOString(),
      } as const;
      try {
        await deps.runner.run(request, nightRestore(id, restore, known));
      } catch (error) {
        return answerStaleCopy(deps, reply, id, error);
      }
      return readNight(deps.pool, id);
    },
  );
}

import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { inOneSnapshot } from '../../infra/postgres/snapshot.ts';
import { exportCsv } from '../../projections/gym/workouts/export-csv.ts';
import { type Export, exportSchema, readExport } from '../../projections/gym/workouts/read-export.ts';

export function exportQueryRoutes(app: HttpApp, deps: { readonly db: DatabasePool; readonly cookies: SessionCookies }): void {
  // a dozen statements, as of one commit: a workout's sets are the ones its count says
  const exportOf = (userId: string): Promise<Export> => inOneSnapshot(deps.db, (db) => readExport(db, userId));
  app.get(
    '/api/export',
    {
      onRequest: deps.cookies.requireUser,
      schema: { operationId: 'exportData', summary: 'Everything the user entered as one JSON document, weights in kilograms', response: { 200: exportSchema, 401: errorBodySchema, 503: errorBodySchema } },
    },
    async (request) => exportOf(request.userId),
  );
  app.get(
    '/api/export.csv',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'exportCsv',
        summary: "One row per set, weights in the user's unit, which the weight column's name carries",
        produces: ['text/csv'],
        response: { 200: z.string(), 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await exportOf(request.userId);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="workouts.csv"');
      return exportCsv(data);
    },
  );
}

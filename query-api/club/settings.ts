import type { DatabasePool } from 'slonik';
import { publicScheduleSchema, settingsDocumentSchema } from '../../domain/club/settings.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { readClubSettings, readPublicSchedule } from '../../projections/club/settings/read-settings.ts';

export function clubSettingsQueryRoutes(app: HttpApp, deps: { readonly pool: DatabasePool; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/settings',
    {
      schema: {
        operationId: 'getSettings',
        summary: 'Club settings, levels (by rank) and venues (by sort order, name) with their weekly slots',
        response: { 200: settingsDocumentSchema, 401: errorBodySchema },
      },
      onRequest: deps.cookies.requireUser,
    },
    async () => readClubSettings(deps.pool),
  );
  app.get(
    '/api/public/schedule',
    {
      schema: {
        operationId: 'getPublicSchedule',
        summary: 'The public schedule: active venues in sort order with their weekly slots; needs no login',
        response: { 200: publicScheduleSchema },
      },
    },
    async () => readPublicSchedule(deps.pool),
  );
}

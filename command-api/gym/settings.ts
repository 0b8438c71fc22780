import { gymUserSchema, settingsPatchSchema } from '../../domain/gym/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import type { Core } from '../shared/core.ts';
import { readGymUser } from '../../query-api/gym/routes.ts';
import { runUserCommand } from './user-command.ts';

export const settingsBody = settingsPatchSchema.refine((patch) => Object.keys(patch).length > 0, { message: 'at least one setting' });

export function gymSettingsRoutes(app: HttpApp, { core, cookies }: { readonly core: Core; readonly cookies: SessionCookies }): void {
  app.patch(
    '/api/settings',
    {
      onRequest: cookies.requireUser,
      schema: {
        operationId: 'updateSettings',
        summary: 'Change any of the settings; answers the updated user',
        body: settingsBody,
        response: { 200: gymUserSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      await runUserCommand(core, request, request.userId, { type: 'change-settings', changes: request.body });
      return readGymUser(core.db.slonik, request.userId);
    },
  );
}

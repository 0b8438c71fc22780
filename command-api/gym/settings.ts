import { gymUserSchema, settingsPatchSchema } from '../../domain/gym/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { readGymUser } from '../../projections/gym/users/read-gym-user.ts';
import type { GymCommandDeps } from './route-deps.ts';
import { userCommand } from './streams.ts';

export const settingsBody = settingsPatchSchema.refine((patch) => Object.keys(patch).length > 0, { message: 'at least one setting' });

export function gymSettingsRoutes(app: HttpApp, { core, cookies, runner }: GymCommandDeps): void {
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
      await runner.run(request, userCommand(request.userId, { type: 'change-settings', changes: request.body }));
      return readGymUser(core.db.slonik, request.userId);
    },
  );
}

import type { Accounts } from '../../infra/accounts/accounts.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { type SessionCookies, unauthenticated } from '../../infra/http/auth.ts';
import { clubUserOf, clubUserSchema } from '../../domain/club/user.ts';

export function clubMeRoutes(app: HttpApp, deps: { readonly accounts: Accounts; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/auth/me',
    {
      schema: { operationId: 'getMe', summary: 'The logged-in account', response: { 200: clubUserSchema, 401: errorBodySchema } },
      onRequest: deps.cookies.requireUser,
    },
    async (request) => {
      const account = await deps.accounts.find(request.userId);
      if (!account) throw unauthenticated();
      return clubUserOf(account);
    },
  );
}

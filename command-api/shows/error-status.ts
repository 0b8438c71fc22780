import type { DomainError } from '../../domain/shared/events.ts';
import { unauthenticated } from '../../infra/http/auth.ts';
import { badRequest } from '../../infra/http/errors.ts';

/** The HTTP status of each refusal code of the shows' decisions (an unlisted code is a 400). */
export const SHOWS_ERROR_STATUS: Readonly<Record<string, number>> = { NOT_FOUND: 404, NO_EPISODES: 400 };

/** Refusals answered as more than a status: the field a person fixes, or a session that is no more. */
export function showsRefusal(error: DomainError): Error | null {
  switch (error.code) {
    case 'PROFILE_NEEDS_USERNAME':
      return badRequest('body.publicProfile', error.message);
    case 'USERNAME_NEEDED_BY_PROFILE':
      return badRequest('body.username', error.message);
    case 'NO_ACCOUNT':
      return unauthenticated();
    default:
      return null;
  }
}

/**
 * The club app's screens by the routes of ui/apps.ts (ui/shared/routes.ts): a screen the app opens
 * is a page the server answers on reload. Pure: no DOM, unit-tested in node.
 */
import { createRouter } from '../shared/routes.ts';

/** The screens of app.html, by the route that opens them (`/` is the public page, index.html). */
export const SCREEN_ROUTES = [
  '/app',
  '/app/login',
  '/app/calendar',
  '/app/session/:id',
  '/app/session/:id/history',
  '/app/session/:id/history/:version',
  '/app/people',
  '/app/settings',
  '/app/account',
] as const;

export const clubRouter = createRouter('club', SCREEN_ROUTES);

export type Screen =
  | { readonly name: 'today' }
  | { readonly name: 'login' }
  | { readonly name: 'calendar' }
  | { readonly name: 'night'; readonly id: string }
  /** `version`: null for the list of versions */
  | { readonly name: 'night-history'; readonly id: string; readonly version: number | null }
  | { readonly name: 'people' }
  | { readonly name: 'settings' }
  | { readonly name: 'account' };

export const links = {
  today: '/app',
  login: '/app/login',
  calendar: '/app/calendar',
  night: (id: string) => `/app/session/${encodeURIComponent(id)}`,
  nightHistory: (id: string, version?: number) => `/app/session/${encodeURIComponent(id)}/history${version === undefined ? '' : `/${version}`}`,
  people: '/app/people',
  settings: '/app/settings',
  account: '/app/account',
} as const;

/** The screen for a path; anything else inside the app is Today, as the app has always answered. */
export function screenOf(pathname: string): Screen {
  const found = clubRouter.match(pathname);
  const id = found?.params['id'] ?? '';
  switch (found?.route) {
    case '/app/login':
      return { name: 'login' };
    case '/app/calendar':
      return { name: 'calendar' };
    case '/app/session/:id':
      return { name: 'night', id };
    case '/app/session/:id/history':
      return { name: 'night-history', id, version: null };
    case '/app/session/:id/history/:version': {
      const version = Number(found.params['version']);
      return Number.isInteger(version) && version >= 0 ? { name: 'night-history', id, version } : { name: 'today' };
    }
    case '/app/people':
      return { name: 'people' };
    case '/app/settings':
      return { name: 'settings' };
    case '/app/account':
      return { name: 'account' };
    default:
      return { name: 'today' };
  }
}

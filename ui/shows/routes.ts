/**
 * The app's router reads the server's own list of client routes (ui/apps.ts), so a screen the app
 * can open is a page the server answers on reload. Pure: no DOM, unit-tested in node.
 */
import { createRouter, servedRoutes } from '../shared/routes.ts';

export const SHOWS_ROUTES: readonly string[] = servedRoutes('shows');

export type Screen =
  | { readonly name: 'dashboard' }
  | { readonly name: 'login' }
  | { readonly name: 'signup' }
  | { readonly name: 'search'; readonly q: string }
  | { readonly name: 'schedule'; readonly date: string | null }
  | { readonly name: 'trending' }
  | { readonly name: 'suggestions' }
  | { readonly name: 'dismissed' }
  | { readonly name: 'watching' }
  | { readonly name: 'watchlist' }
  | { readonly name: 'completed' }
  | { readonly name: 'history' }
  | { readonly name: 'settings' }
  /** `job`: the import whose progress the screen follows (kept in the address, so a reload goes on following it) */
  | { readonly name: 'import'; readonly job: string | null }
  | { readonly name: 'show'; readonly showId: number }
  | { readonly name: 'profile'; readonly username: string }
  | { readonly name: 'missing' };

/** Every link the app draws is made here; the unit test checks each against the server's list. */
export const links = {
  dashboard: '/',
  login: '/login',
  signup: '/signup',
  search: (q = '') => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  schedule: (date = '') => (date ? `/schedule?date=${encodeURIComponent(date)}` : '/schedule'),
  trending: '/trending',
  suggestions: '/suggestions',
  dismissed: '/dismissed',
  watching: '/watching',
  watchlist: '/watchlist',
  completed: '/completed',
  history: '/history',
  settings: '/settings',
  import: (job = '') => (job ? `/import?job=${encodeURIComponent(job)}` : '/import'),
  show: (showId: number) => `/shows/${showId}`,
  profile: (username: string) => `/u/${encodeURIComponent(username)}`,
} as const;

/** The screens this build has, by the route of apps.ts that opens them. */
export const SCREEN_ROUTES = ['/', '/login', '/signup', '/search', '/schedule', '/trending', '/suggestions', '/dismissed', '/watching', '/watchlist', '/completed', '/history', '/settings', '/import', '/shows/:id', '/u/:username'] as const;

const showsRouter = createRouter('shows', SCREEN_ROUTES);

/** The screen for a location; a path outside the server's list (or not built yet) is `missing`. */
export function screenOf(pathname: string, search: string): Screen {
  const found = showsRouter.match(pathname);
  switch (found?.route) {
    case '/':
      return { name: 'dashboard' };
    case '/login':
      return { name: 'login' };
    case '/signup':
      return { name: 'signup' };
    case '/search':
      return { name: 'search', q: new URLSearchParams(search).get('q') ?? '' };
    case '/schedule': {
      const date = new URLSearchParams(search).get('date');
      return { name: 'schedule', date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null };
    }
    case '/trending':
      return { name: 'trending' };
    case '/suggestions':
      return { name: 'suggestions' };
    case '/dismissed':
      return { name: 'dismissed' };
    case '/watching':
      return { name: 'watching' };
    case '/watchlist':
      return { name: 'watchlist' };
    case '/completed':
      return { name: 'completed' };
    case '/history':
      return { name: 'history' };
    case '/settings':
      return { name: 'settings' };
    case '/import': {
      const job = new URLSearchParams(search).get('job');
      return { name: 'import', job: job && /^[a-z0-9]{1,100}$/.test(job) ? job : null };
    }
    case '/shows/:id': {
      const showId = Number(found.params['id']);
      return Number.isInteger(showId) && showId > 0 ? { name: 'show', showId } : { name: 'missing' };
    }
    case '/u/:username':
      return { name: 'profile', username: found.params['username'] ?? '' };
    default:
      return { name: 'missing' };
  }
}

/** Screens anyone may open; every other one sends a signed-out visitor to the login. */
export function isPublic(screen: Screen): boolean {
  return screen.name === 'login' || screen.name === 'signup' || screen.name === 'profile' || screen.name === 'missing';
}

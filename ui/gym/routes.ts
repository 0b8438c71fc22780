/**
 * The gym app's screens by the routes of ui/apps.ts (ui/shared/routes.ts): a screen the app opens is
 * a page the server answers on reload. Pure: no DOM, unit-tested in node.
 */
import { createRouter } from '../shared/routes.ts';

/** The screens this build has, by the route of apps.ts that opens them. */
export const SCREEN_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/recover',
  '/workout',
  '/workout/:id',
  '/workout/:id/history',
  '/history',
  '/exercises',
  '/exercises/:id',
  '/import',
  '/import/file',
  '/plans',
  '/plans/:id',
  '/body',
  '/cardio',
  '/plates',
  '/stats',
  '/settings',
] as const;

export type ScreenRoute = (typeof SCREEN_ROUTES)[number];

export const gymRouter = createRouter('gym', SCREEN_ROUTES);

export type Screen =
  | { readonly name: 'today' }
  | { readonly name: 'login' }
  | { readonly name: 'signup' }
  | { readonly name: 'recover' }
  | { readonly name: 'workout'; readonly id: string }
  | { readonly name: 'workout-history'; readonly id: string }
  | { readonly name: 'history' }
  | { readonly name: 'exercises' }
  | { readonly name: 'exercise'; readonly id: string }
  | { readonly name: 'import' }
  | { readonly name: 'import-file' }
  | { readonly name: 'plans' }
  | { readonly name: 'plan'; readonly id: string }
  | { readonly name: 'body' }
  | { readonly name: 'cardio' }
  | { readonly name: 'plates' }
  | { readonly name: 'stats' }
  | { readonly name: 'settings' }
  | { readonly name: 'missing' };

/** Every link the app draws is made here or written as a literal the unit test finds and checks. */
export const links = {
  today: '/',
  login: '/login',
  signup: '/signup',
  recover: '/recover',
  workout: (id: string) => `/workout/${encodeURIComponent(id)}`,
  workoutHistory: (id: string) => `/workout/${encodeURIComponent(id)}/history`,
  history: '/history',
  exercises: '/exercises',
  exercise: (id: string) => `/exercises/${encodeURIComponent(id)}`,
  import: '/import',
  importFile: '/import/file',
  plans: '/plans',
  plan: (id: string) => `/plans/${encodeURIComponent(id)}`,
  body: '/body',
  cardio: '/cardio',
  plates: '/plates',
  /** the calculator opened on a weight, in the lifter's unit */
  platesFor: (target: string) => `/plates?target=${encodeURIComponent(target)}`,
  stats: '/stats',
  settings: '/settings',
} as const;

/** The screen for a path; a path outside the server's list is `missing`. */
export function screenOf(pathname: string): Screen {
  const found = gymRouter.match(pathname);
  const id = found?.params['id'] ?? '';
  switch (found?.route) {
    case '/':
    // a workout is started from Today: /workout alone is that place
    case '/workout':
      return { name: 'today' };
    case '/login':
      return { name: 'login' };
    case '/signup':
      return { name: 'signup' };
    case '/recover':
      return { name: 'recover' };
    case '/workout/:id':
      return { name: 'workout', id };
    case '/workout/:id/history':
      return { name: 'workout-history', id };
    case '/history':
      return { name: 'history' };
    case '/exercises':
      return { name: 'exercises' };
    case '/exercises/:id':
      return { name: 'exercise', id };
    case '/import':
      return { name: 'import' };
    case '/import/file':
      return { name: 'import-file' };
    case '/plans':
      return { name: 'plans' };
    case '/plans/:id':
      return { name: 'plan', id };
    case '/body':
      return { name: 'body' };
    case '/cardio':
      return { name: 'cardio' };
    case '/plates':
      return { name: 'plates' };
    case '/stats':
      return { name: 'stats' };
    case '/settings':
      return { name: 'settings' };
    case undefined:
      return { name: 'missing' };
  }
}

/** Screens for a visitor who is not signed in. */
export const isAuthScreen = (screen: Screen): boolean => screen.name === 'login' || screen.name === 'signup' || screen.name === 'recover';

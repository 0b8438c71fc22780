/**
 * Every app's router reads the server's own list of client routes (ui/apps.ts), so a screen an app
 * can open is a page the server answers on reload. Pure: no DOM, unit-tested in node.
 */
import { type AppName, routePattern, webApp } from '../apps.ts';

/** The client routes the server answers for this app, in Fastify's pattern syntax. */
export function servedRoutes(app: AppName): readonly string[] {
  return webApp(app).pages.flatMap((page) => page.routes);
}

export type RouteMatch<R extends string> = { readonly route: R; readonly params: Readonly<Record<string, string>> };

const segments = (path: string): string[] => path.replace(/\/$/, '').split('/');

/** `path` (no query) against one route: its parameters decoded, or null. */
export function matchRoute<R extends string>(route: R, path: string): RouteMatch<R> | null {
  if (!routePattern(route).test(path)) return null;
  const names = segments(route);
  const values = segments(path);
  if (names.length !== values.length) return null;
  const params: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    if (!name.startsWith(':')) continue;
    try {
      params[name.slice(1)] = decodeURIComponent(values[index] ?? '');
    } catch {
      // a malformed escape is no address of the app
      return null;
    }
  }
  return { route, params };
}

export type Router<R extends string> = {
  /** the routes this build has a screen for, each checked against the server's list by the apps' tests */
  readonly screens: readonly R[];
  /** the app's routes as the server serves them */
  readonly served: readonly string[];
  /** the screen route for a path, the first that matches; null: no screen (shown as "no such page") */
  match(pathname: string): RouteMatch<R> | null;
  /** whether a link (path and query) opens a page the server answers */
  serves(href: string): boolean;
};

/**
 * A router over `screens`: only a route the server also serves is ever matched, so a screen added
 * here but not to ui/apps.ts is "no such page" in the app as it would be on reload.
 */
export function createRouter<R extends string>(app: AppName, screens: readonly R[]): Router<R> {
  const served = servedRoutes(app);
  const live = screens.filter((route) => served.includes(route));
  return {
    screens,
    served,
    match(pathname) {
      for (const route of live) {
        const found = matchRoute(route, pathname);
        if (found) return found;
      }
      return null;
    },
    serves: (href) => served.some((route) => routePattern(route).test(href)),
  };
}

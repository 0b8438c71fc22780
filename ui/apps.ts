/**
 * The web apps: what each is called, where it lives and which URLs are its pages. Both the build
 * (ui/vite.config.ts) and the servers (infra/http/web-app.ts) read this one list, so a page added
 * to an app is served on reload or the test of its routes fails.
 */
export type AppName = 'gym' | 'shows' | 'club' | 'forms';

export type WebAppPage = {
  /** the HTML file of the build that answers these routes (ui/shared/page-html.ts writes it) */
  readonly html: string;
  /** the module the page runs, in the app's folder */
  readonly entry: string;
  /** the page's title where it is not the app's */
  readonly title?: string;
  /** the page's meta description (search results, shared links) where it is not the app's */
  readonly description?: string;
  /** kept out of search engines */
  readonly noindex?: boolean;
  /** the client routes, in Fastify's pattern syntax */
  readonly routes: readonly string[];
};

export type WebApp = {
  readonly name: AppName;
  readonly title: string;
  readonly shortName: string;
  readonly description: string;
  /** the manifest's theme colour and the accent the app starts with */
  readonly accent: string;
  readonly pages: readonly WebAppPage[];
  /** where the installed app opens; none: the page it was installed from */
  readonly startUrl: string | null;
};

export const WEB_APPS: readonly WebApp[] = [
  {
    name: 'gym',
    title: 'Gym log',
    shortName: 'Gym',
    description: 'Log sets at the rack, follow plans, see your progress.',
    accent: '#0b6e4f',
    pages: [
      {
        html: 'index.html',
        entry: 'main.tsx',
        description: 'Log sets at the rack, follow your plans and see your progress.',
        routes: ['/', '/login', '/signup', '/recover', '/workout', '/workout/:id', '/workout/:id/history', '/history', '/exercises', '/exercises/:id', '/import', '/import/file', '/plans', '/plans/:id', '/body', '/cardio', '/plates', '/stats', '/settings'],
      },
    ],
    startUrl: '/',
  },
  {
    name: 'shows',
    title: 'Shows',
    shortName: 'Shows',
    description: 'Track the shows you watch and what airs next.',
    accent: '#6d28d9',
    pages: [
      {
        html: 'index.html',
        entry: 'main.tsx',
        routes: ['/', '/login', '/signup', '/search', '/schedule', '/trending', '/suggestions', '/watching', '/watchlist', '/completed', '/history', '/dismissed', '/settings', '/import', '/shows/:id', '/u/:username'],
      },
    ],
    startUrl: '/',
  },
  {
    name: 'club',
    title: 'Club nights',
    shortName: 'Club',
    description: 'Run a badminton club night: people, courts, timed rounds.',
    accent: '#b45309',
    pages: [
      { html: 'index.html', entry: 'main.tsx', routes: ['/'] },
      {
        html: 'app.html',
        entry: 'app.tsx',
        title: 'Club nights: app',
        routes: ['/app', '/app/login', '/app/calendar', '/app/session/:id', '/app/session/:id/history', '/app/session/:id/history/:version', '/app/people', '/app/settings', '/app/account'],
      },
    ],
    startUrl: '/app',
  },
  {
    name: 'forms',
    title: 'Questionnaire',
    shortName: 'Forms',
    description: 'A shared questionnaire, saved on every change.',
    accent: '#1d4ed8',
    // a questionnaire is for those its link was sent to
    pages: [{ html: 'index.html', entry: 'main.tsx', noindex: true, routes: ['/f/:name'] }],
    startUrl: null,
  },
];

/**
 * A client route (`/shows/:id`) as a pattern matching a whole path, with or without a query (the
 * service worker tests path and query together), for the service worker and the dev server.
 */
export function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?(?:\\?.*)?$`);
}

export function webApp(name: AppName): WebApp {
  const found = WEB_APPS.find((app) => app.name === name);
  if (!found) throw new Error(`no web app ${name}`);
  return found;
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { WebApp } from '../../ui/apps.ts';
import type { HttpApp } from './app.ts';

/** Where `ops/ui/build.ts` writes the apps: ui/dist/<app>. */
export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../ui/dist');

const YEAR_S = 365 * 24 * 60 * 60;

export type WebAppOptions = {
  readonly web: WebApp;
  /** the built app; ui/dist/<name> unless given */
  readonly dir?: string;
  /** extra headers on every page answer (the questionnaire keeps its unlisted links out of search engines) */
  readonly pageHeaders?: Readonly<Record<string, string>>;
  /**
   * decides whether a listed route names something that exists: when not, the page is still sent,
   * with status 404, so the app can say in its own words what is missing (a form with no definition)
   */
  readonly exists?: (route: string, params: Readonly<Record<string, string>>) => Promise<boolean>;
};

export class WebAppNotBuiltError extends Error {}

/**
 * Serves a built web app on its service's origin: hashed assets cached for a year, everything else
 * revalidated; each listed client route answers its page's HTML. Nothing here is under /api, and
 * a path that is neither a file of the build nor a listed route falls through to the 404 page.
 */
export async function serveWebApp(app: HttpApp, options: WebAppOptions): Promise<void> {
  const dir = options.dir ?? path.join(WEB_DIST_DIR, options.web.name);
  const pages = options.web.pages.map((page) => {
    const file = path.join(dir, page.html);
    if (!existsSync(file)) {
      throw new WebAppNotBuiltError(`the ${options.web.name} web app is not built (${file} is missing): run npm run build:ui`);
    }
    return { ...page, body: readFileSync(file, 'utf8') };
  });

  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    // one route per file of the build, made at start: a path that is not a file is a 404, never a directory listing
    wildcard: false,
    index: false,
    serveDotFiles: false,
    globIgnore: ['**/*.html', '**/*.map'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = path.relative(dir, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', hashed ? `public, max-age=${YEAR_S}, immutable` : 'no-cache');
    },
  });

  for (const page of pages) {
    const send = (reply: FastifyReply, status = 200) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').headers(options.pageHeaders ?? {}).send(page.body);
    // the service worker precaches the page by its file name; a person never opens this address
    app.get(`/${page.html}`, { schema: { hide: true } }, async (_request, reply) => send(reply));
    for (const route of page.routes) {
      app.get(route, { schema: { hide: true } }, async (request, reply) => {
        const params = (request.params ?? {}) as Record<string, string>;
        return send(reply, options.exists && !(await options.exists(route, params)) ? 404 : 200);
      });
    }
  }
}

/** The page a browser gets for a path outside /api that is neither a page nor a file. */
export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Not found</title>
<link rel="stylesheet" href="/404.css">
</head>
<body>
<main>
<h1>Not found</h1>
<p>There is no page at this address.</p>
<p><a href="/">Go to the start page</a></p>
</main>
</body>
</html>
`;
}

import type { HttpApp } from '../../infra/http/app.ts';

/**
 * Every page URL of the web app. A page reloaded at one of these gets the app's HTML shell; any
 * other path outside /api is a 404, so a new page must be added here or it fails on refresh.
 */
export const CLIENT_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/search',
  '/schedule',
  '/trending',
  '/suggestions',
  '/watching',
  '/watchlist',
  '/completed',
  '/history',
  '/dismissed',
  '/settings',
  '/show/:id',
  '/u/:username',
] as const;

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shows</title>
<script type="module" src="/assets/app.js"></script>
</head>
<body><div id="app"></div></body>
</html>
`;

export function showsClientRoutes(app: HttpApp, shell: string = SHELL): void {
  for (const url of CLIENT_ROUTES) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell),
    );
  }
}

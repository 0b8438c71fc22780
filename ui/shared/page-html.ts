// Every page of the apps is this one document, filled with the page's title, description and entry
// module (ui/apps.ts); ui/vite.config.ts serves it in dev and builds it. The theme bootstrap runs
// before the app so that the first paint already has the chosen theme.
import type { WebApp, WebAppPage } from '../apps.ts';

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function pageHtml(app: WebApp, page: WebAppPage): string {
  const robots = page.noindex ? '\n    <meta name="robots" content="noindex" />' : '';
  // the entry from the root, not beside the page: a reload of /app/people must not ask for /app/app.tsx
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />${robots}
    <meta name="description" content="${escapeHtml(page.description ?? app.description)}" />
    <title>${escapeHtml(page.title ?? app.title)}</title>
    <script src="/theme.js"></script>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="/${escapeHtml(page.entry)}"></script>
  </body>
</html>
`;
}

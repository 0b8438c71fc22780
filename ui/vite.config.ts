// The one client build: `APP=<name>` picks the app; ops/ui/build.ts builds each in turn.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type AppName, routePattern, type WebApp, WEB_APPS, webApp } from './apps.ts';
import { gymOcrAssets } from './gym/import/ocr-assets.ts';
import { pageHtml } from './shared/page-html.ts';

const uiDir = path.dirname(fileURLToPath(import.meta.url));

/** Ports of the services, for the dev server's proxy: the same defaults as infra/config.ts. */
const API_PORTS: Readonly<Record<AppName, number>> = { gym: 3001, shows: 3002, club: 3003, forms: 3004 };
/** Where `npm run dev` serves each app. */
export const DEV_PORTS: Readonly<Record<AppName, number>> = { gym: 5171, shows: 5172, club: 5173, forms: 5174 };

/** Files every app serves from its root unhashed: the theme bootstrap that must run before paint. */
function sharedPublicFiles(): Plugin {
  const files = ['theme.js', '404.css'];
  return {
    name: 'ledger-shared-public',
    async generateBundle() {
      for (const fileName of files) {
        this.emitFile({ type: 'asset', fileName, source: await readFile(path.join(uiDir, 'shared/public', fileName)) });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const name = request.url?.slice(1);
        if (!name || !files.includes(name)) return next();
        response.setHeader('content-type', name.endsWith('.js') ? 'text/javascript' : 'text/css');
        response.end(await readFile(path.join(uiDir, 'shared/public', name)));
      });
    },
  };
}

/**
 * The app's pages, written by pageHtml from ui/apps.ts: the build reads each listed HTML file from
 * here, and the dev server answers each page's file name and each listed client route with it, as
 * the service does: a reload of /app/people opens the club app, and a path that is no page is a 404
 * rather than some page.
 */
function appPages(app: WebApp, root: string): Plugin {
  const pages = app.pages.map((page) => ({
    file: path.join(root, page.html),
    path: `/${page.html}`,
    html: pageHtml(app, page),
    patterns: page.routes.map(routePattern),
  }));
  const pageOfFile = (id: string) => pages.find((page) => page.file === id);
  return {
    name: 'ledger-app-pages',
    resolveId: (id) => (pageOfFile(id) ? id : null),
    load: (id) => pageOfFile(id)?.html ?? null,
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' || !request.url) return next();
        const { pathname } = new URL(request.url, 'http://dev');
        const wantsPage = request.headers.accept?.includes('text/html') ?? false;
        const page = pages.find((candidate) => candidate.path === pathname || (wantsPage && candidate.patterns.some((pattern) => pattern.test(pathname))));
        if (!page) return next();
        server.transformIndexHtml(page.path, page.html, request.originalUrl).then((html) => {
          response.setHeader('content-type', 'text/html');
          response.end(html);
        }, next);
      });
    },
  };
}

export type DevOptions = {
  /** where the running service answers /api; http://localhost:<its default port> unless given */
  readonly apiOrigin?: string;
  /** the dev server's port; DEV_PORTS unless given (0: any free one) */
  readonly port?: number;
};

export function appConfig(name: AppName, outDir = path.join(uiDir, 'dist', name), dev: DevOptions = {}): InlineConfig {
  const app = webApp(name);
  const root = path.join(uiDir, name);
  // the pages are no files of ui/ (appPages writes them): these are their names in the build
  const input = Object.fromEntries(app.pages.map((page) => [page.html.replace(/\.html$/, ''), path.join(root, page.html)]));
  const target = dev.apiOrigin ?? `http://localhost:${API_PORTS[name]}`;
  // pages other than the last are opened offline by their precached file (club's / is index.html)
  const fallback = app.pages.at(-1)!;
  return {
    root,
    base: '/',
    configFile: false,
    logLevel: 'warn',
    publicDir: path.join(root, 'public'),
    plugins: [
      preact(),
      sharedPublicFiles(),
      appPages(app, root),
      ...(name === 'gym' ? [gymOcrAssets()] : []),
      VitePWA({
        // the page asks before it swaps versions: "A new version is ready: reload"
        registerType: 'prompt',
        injectRegister: false,
        pwaAssets: { image: 'public/icon.svg', preset: 'minimal-2023', overrideManifestIcons: true },
        manifest: {
          name: app.title,
          short_name: app.shortName,
          description: app.description,
          theme_color: app.accent,
          background_color: '#ffffff',
          display: 'standalone',
          scope: '/',
          // undefined, not left out: the plugin's default is '/'. A form has no start page of its own:
          // left out of the manifest, the installed app opens the form it was installed from.
          start_url: app.startUrl ?? undefined,
        },
        // shows: a worker of its own (ui/shows/sw.ts) that also shows push notifications; the
        // precache and page fallback there are the same as the generated ones below
        ...(name === 'shows'
          ? { strategies: 'injectManifest' as const, srcDir: '.', filename: 'sw.ts', injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico}'] } }
          : {}),
        workbox: {
          // the manifest is not in the list: the plugin adds it, and a second entry for the same
          // URL makes precacheAndRoute throw, leaving a worker that is active but serves nothing
          globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
          // the gym's OCR files (ocr-assets.ts, 7 MB) load when a screenshot is read, never at install
          globIgnores: ['assets/ocr-*/**'],
          // a listed page opens offline from the precached shell; nothing else does, /api never
          navigateFallback: `/${fallback.html}`,
          navigateFallbackAllowlist: fallback.routes.map(routePattern),
          navigateFallbackDenylist: [/^\/api(\/|$)/],
          // A page sends what is unsent with keepalive requests as it is left (ui/shared/outbox.ts,
          // the forms and club syncs). Passed through to the network by the browser, such a request
          // from a page the worker controls was lost when that page was gone (Chromium: leaving for
          // another page right after typing saved nothing); fetched by the worker itself, it
          // outlives the page.
          runtimeCaching: (['POST', 'PUT', 'DELETE'] as const).map((method) => ({
            urlPattern: ({ request }: { request: Request }) => request.keepalive,
            method,
            handler: 'NetworkOnly' as const,
          })),
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2022',
      sourcemap: true,
      rollupOptions: { input },
    },
    // every page is listed (appPages): no fallback to index.html for paths that are none
    appType: 'mpa',
    // the dev server's dependency scan starts from the pages' modules: there are no HTML files to read
    optimizeDeps: { entries: app.pages.map((page) => page.entry) },
    server: {
      port: dev.port ?? DEV_PORTS[name],
      strictPort: dev.port !== 0,
      proxy: {
        // the API checks Origin against its own; the dev page's origin is the Vite server
        '/api': { target, changeOrigin: true, headers: { origin: target } },
      },
    },
  };
}

const selected = (process.env['APP'] ?? 'forms') as AppName;
if (!WEB_APPS.some((app) => app.name === selected)) throw new Error(`APP must be one of ${WEB_APPS.map((app) => app.name).join(', ')}`);

export default defineConfig(appConfig(selected));

// `npm run dev`: a Vite dev server per app, with hot reload, each proxying /api to its service as
// `npm start` runs it in another terminal (the same *_BASE_URL settings). `npm run dev -- club`
// serves only the apps named.
import type { ViteDevServer } from 'vite';
import { loadConfig, serviceOrigins } from '../../infra/config.ts';
import { type AppName, WEB_APPS } from '../../ui/apps.ts';

export type DevServer = { readonly app: AppName; readonly url: string; readonly server: ViteDevServer };

export async function startDevServers(options: {
  readonly apps: readonly AppName[];
  readonly apiOrigins: Readonly<Record<AppName, string>>;
  /** each dev server's port; ui/vite.config.ts DEV_PORTS unless given */
  readonly ports?: Partial<Record<AppName, number>>;
}): Promise<DevServer[]> {
  const { createServer } = await import('vite');
  const { appConfig } = await import('../../ui/vite.config.ts');
  const started: DevServer[] = [];
  try {
    for (const app of options.apps) {
      const port = options.ports?.[app];
      const server = await createServer({ ...appConfig(app, undefined, { apiOrigin: options.apiOrigins[app], ...(port === undefined ? {} : { port }) }), logLevel: 'info' });
      await server.listen();
      started.push({ app, url: server.resolvedUrls?.local[0] ?? '', server });
    }
  } catch (error) {
    await Promise.all(started.map((dev) => dev.server.close()));
    throw error;
  }
  return started;
}

if (import.meta.main) {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !WEB_APPS.some((app) => app.name === name));
  if (unknown.length > 0) {
    process.stderr.write(`unknown app ${unknown.join(', ')}: choose from ${WEB_APPS.map((app) => app.name).join(', ')}\n`);
    process.exit(2);
  }
  const apps = names.length > 0 ? (names as AppName[]) : WEB_APPS.map((app) => app.name);
  const origins = serviceOrigins(loadConfig());
  const servers = await startDevServers({ apps, apiOrigins: origins }).catch((error: unknown) => {
    // a port taken by another dev server, say: one line, not a stack
    process.stderr.write(`npm run dev: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
  for (const dev of servers) {
    const page = dev.app === 'forms' ? 'f/welcome' : dev.app === 'club' ? 'app' : '';
    console.log(`${dev.app}: ${dev.url}${page}  (its /api goes to ${origins[dev.app]}: run npm start beside this)`);
  }
  const stop = async () => {
    await Promise.all(servers.map((dev) => dev.server.close()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

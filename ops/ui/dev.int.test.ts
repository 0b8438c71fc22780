// `npm run dev` starts, answers each listed route with its page (Vite's hot-reload client in it),
// and proxies /api to the service with the service's own origin, as its cross-site check wants.
import { createServer } from 'node:http';
import t from 'tap';
import { startDevServers } from './dev.ts';

// the service, stood in for: it says what it was asked and with which Origin
const api = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ path: request.url, origin: request.headers.origin ?? null }));
});
await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => api.close(() => resolve())));
const address = api.address();
const apiOrigin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;

const [dev] = await startDevServers({ apps: ['club'], apiOrigins: { gym: apiOrigin, shows: apiOrigin, club: apiOrigin, forms: apiOrigin }, ports: { club: 0 } });
t.teardown(() => dev!.server.close());
const base = dev!.url.replace(/\/$/, '');

const page = async (path: string) => fetch(`${base}${path}`, { headers: { accept: 'text/html' } });

t.test('each listed route answers its own page, with the hot-reload client', async (t) => {
  for (const [path, entry] of [
    ['/', 'main.tsx'],
    ['/app', 'app.tsx'],
    ['/app/session/abc123', 'app.tsx'],
  ] as const) {
    const response = await page(path);
    t.equal(response.status, 200, path);
    const html = await response.text();
    t.match(html, '/@vite/client', `${path}: hot reload`);
    t.match(html, entry, `${path}: the ${entry} page`);
  }
  t.equal((await page('/nowhere')).status, 404, 'a path that is no page is not some page');
  const theme = await fetch(`${base}/theme.js`);
  t.equal(theme.status, 200);
  t.match(await theme.text(), 'localStorage', 'the theme bootstrap the pages load before paint');
});

t.test('/api goes to the running service, with the service’s origin', async (t) => {
  const response = await fetch(`${base}/api/health`, { method: 'POST', headers: { origin: base } });
  t.equal(response.status, 200);
  t.same(await response.json(), { path: '/api/health', origin: apiOrigin });
});

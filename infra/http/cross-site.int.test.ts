// Every state-changing route of every service, read from its own OpenAPI document, sent what
// another site can make a logged-in browser send: each is refused and nothing changes.
import t from 'tap';
import { serviceOrigins } from '../config.ts';
import { clubClient } from '../../testing/club/client.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { signUp } from '../../testing/sign-in.ts';
import { postmarkStandIn } from '../../testing/stand-ins/postmark.ts';
import type { HttpApp } from './app.ts';

const postmark = await postmarkStandIn(t);
const system = await startTestSystem(t, {
  // TV data on a port where nothing listens: a route that slipped through would fail fast, not hang
  TVMAZE_URL: 'http://127.0.0.1:9',
  MAIL_API_KEY: 'token',
  MAIL_API_URL: postmark.url,
  ADMIN_TOKEN: 'an-admin-token-of-enough-length',
});
const origins: Record<string, string> = serviceOrigins(system.core.config);

const gym = system.apps.gym!;
const shows = system.apps.shows!;
const forms = system.apps.forms!;
const club = await clubClient(system, 'victim');
const showsVictim = await showsUser(shows, 'victim@example.org');
const cookies: Record<string, string> = {
  gym: (await signUp('gym', gym, { email: 'victim@example.org' })).cookie,
  shows: showsVictim.cookie,
  club: club.cookie,
  forms: '',
};
const apps: Record<string, HttpApp> = { gym, shows, club: club.app, forms };
const meUrl: Record<string, string> = { gym: '/api/me', shows: '/api/auth/me', club: '/api/auth/me' };

type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
type Route = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; documented: string[] };

async function stateChangingRoutes(app: HttpApp): Promise<Route[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Route['method'],
        url: path.replace(/\{[^}]+\}/g, 'cabcdefgh1'),
        documented: Object.keys(operation.responses ?? {}),
      })),
  );
}

/** Everything a change could touch: the log's head, sessions, accounts, counters, push subscriptions. */
async function snapshot(): Promise<string> {
  const head = await system.core.store.headPosition();
  const tables = await Promise.all(
    ['auth.users', 'auth.sessions', 'auth.rate_limits', 'auth.recovery_codes', 'shows_state.push_subscriptions'].map(
      async (table) => (await system.core.db.pg.query(`SELECT * FROM ${table} ORDER BY 1`)).rows,
    ),
  );
  return JSON.stringify({ head, tables }, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
}

const refusedOrigin = (message: string) => ({ statusCode: 403, code: 'ORIGIN_REFUSED', error: 'Forbidden', message });
const refusedType = (type: string) => ({
  statusCode: 415,
  code: 'UNSUPPORTED_MEDIA_TYPE',
  error: 'Unsupported Media Type',
  message: `content-type: a change must be sent as application/json, not ${type}`,
});

t.test('each state-changing route refuses cross-site forms, text/plain and sibling services; nothing changes', async (t) => {
  const before = await snapshot();
  let sent = 0;
  for (const [name, app] of Object.entries(apps)) {
    const own = origins[name]!;
    const routes = await stateChangingRoutes(app);
    t.ok(routes.length >= (name === 'forms' ? 1 : 4), `${name}: ${routes.length} state-changing routes`);
    const siblings = Object.entries(origins).filter(([other]) => other !== name);
    for (const { method, url, documented } of routes) {
      const send = async (headers: Record<string, string>, payload: string) => {
        sent++;
        // each from its own address, so no per-address allowance is what refuses it
        const ip = `10.77.${Math.floor(sent / 250) % 250}.${sent % 250}`;
        return app.inject({ method, url, headers: { cookie: cookies[name]!, 'x-real-ip': ip, ...headers }, payload });
      };
      const label = `${name} ${method} ${url}`;
      t.ok(documented.includes('403') && documented.includes('415'), `${label}: its OpenAPI answers include 403 and 415`);
      const evilForm = await send({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }, 'a=b');
      t.same([evilForm.statusCode, evilForm.json()], [403, refusedOrigin(`Origin must be ${own}`)], `${label}: a cross-site form`);
      const evilText = await send({ origin: 'https://evil.example', 'content-type': 'text/plain' }, '{"a":1}');
      t.same([evilText.statusCode, evilText.json()], [403, refusedOrigin(`Origin must be ${own}`)], `${label}: text/plain from another site`);
      const evilMultipart = await send({ origin: 'null', 'content-type': 'multipart/form-data; boundary=x' }, '--x--');
      t.same([evilMultipart.statusCode, evilMultipart.json()], [403, refusedOrigin(`Origin must be ${own}`)], `${label}: a sandboxed page (Origin null)`);
      for (const [sibling, siblingOrigin] of siblings) {
        const fromSibling = await send({ origin: siblingOrigin, 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' }, '{}');
        t.same([fromSibling.statusCode, fromSibling.json()], [403, refusedOrigin(`Origin must be ${own}`)], `${label}: text/plain from ${sibling}`);
      }
      const sameSiteNoOrigin = await send({ 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, '{}');
      t.same(
        [sameSiteNoOrigin.statusCode, sameSiteNoOrigin.json()],
        // forms refuses it first for the missing Origin
        [403, refusedOrigin(name === 'forms' ? `Origin must be ${own}` : `Sec-Fetch-Site: same-site may not change anything; Origin must be ${own}`)],
        `${label}: a same-site request without Origin`,
      );
      if (name !== 'forms') {
        // forms needs an Origin (next); elsewhere an API client may leave it out, but not send a form
        const noOriginForm = await send({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b');
        t.same([noOriginForm.statusCode, noOriginForm.json()], [415, refusedType('application/x-www-form-urlencoded')], `${label}: a form without Origin`);
        const noTypeBody = await send({}, 'a=b');
        t.same(
          [noTypeBody.statusCode, noTypeBody.json()],
          [415, { ...refusedType(''), message: 'content-type: a change must be sent as application/json' }],
          `${label}: a body without a content type`,
        );
      }
      const ownText = await send({ origin: own, 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain;charset=UTF-8' }, '{}');
      t.same([ownText.statusCode, ownText.json()], [415, refusedType('text/plain')], `${label}: text/plain from its own origin`);
    }
  }
  t.equal(await snapshot(), before, `${sent} refused requests: no event, session, account, counter or subscription changed`);
  t.same(postmark.received, [], 'no mail was sent');
  for (const [name, url] of Object.entries(meUrl)) {
    const me = await apps[name]!.inject({ method: 'GET', url, headers: { cookie: cookies[name]! } });
    t.equal(me.statusCode, 200, `${name}: the session survived every logout attempt`);
  }
});

t.test('the service’s own pages and API clients still change things', async (t) => {
  const own = (name: string) => ({ origin: origins[name]!, 'sec-fetch-site': 'same-origin' });

  const mail = await shows.inject({ method: 'POST', url: '/api/shows/tracked/email', headers: { cookie: cookies.shows!, ...own('shows') } });
  t.same([mail.statusCode, mail.json()], [200, { ok: true, to: 'victim@example.org' }], 'a bodyless POST from its own page');
  t.equal(postmark.received.length, 1, 'and the mail went out');

  const settings = await gym.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { cookie: cookies.gym!, ...own('gym'), 'content-type': 'application/json; charset=utf-8' },
    payload: JSON.stringify({ weeklyGoal: 5 }),
  });
  t.equal(settings.statusCode, 200, 'JSON with a charset parameter from its own page');
  t.equal(settings.json().settings.weeklyGoal, 5);

  await system.defineForm('own-page');
  const form = await forms.inject({ method: 'POST', url: '/api/forms/own-page', headers: own('forms'), payload: { answers: { q1: 'a' } } });
  t.equal(form.statusCode, 200, 'the questionnaire page saves');
  t.equal(form.json().version, 1);

  const apiClient = await club.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookies.club! } });
  t.same([apiClient.statusCode, apiClient.json()], [200, { ok: true }], "an API client's bodyless POST without Origin or content type");
  const gone = await club.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookies.club! } });
  t.equal(gone.statusCode, 401, 'and it did log out');

  const ownLogout = await shows.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookies.shows!, ...own('shows') } });
  t.same([ownLogout.statusCode, ownLogout.json()], [200, { ok: true }], 'logout from its own page');
  t.equal((await shows.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookies.shows! } })).statusCode, 401);

  const formsWithoutOrigin = await forms.inject({ method: 'POST', url: '/api/forms/no-origin', payload: { answers: { q1: 'a' } } });
  t.same(
    [formsWithoutOrigin.statusCode, formsWithoutOrigin.json()],
    [403, refusedOrigin(`Origin must be ${origins.forms}`)],
    'forms alone still wants its Origin on every write',
  );
});

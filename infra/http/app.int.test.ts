import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { createHttpApp } from './app.ts';
import { HttpError, serviceUnavailable } from './errors.ts';

// The conventions every service shares, seen on the real forms service ...
const system = await startTestSystem(t);
const forms = system.apps.forms;
if (!forms) throw new Error('the forms service was not built');

// ... and on a bare app, for what no service route exercises on purpose.
const tiny = await createHttpApp({ title: 't', logger: false });
tiny.get('/ip', async (request) => ({ ip: request.clientIp }));
tiny.get('/api/maintenance', async () => {
  throw new HttpError(503, 'MAINTENANCE', 'Down for maintenance', { headers: { 'retry-after': '30' } });
});
tiny.get('/api/not-ready', async () => {
  throw serviceUnavailable(2.2, 'The read side is behind');
});
tiny.get('/api/boom', async () => {
  throw new Error('connection to 10.0.0.5:5432 refused (password=hunter2)');
});
t.teardown(() => tiny.close());

type JsonObject = { [key: string]: unknown };

/** every `$ref` anywhere in the document */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function resolvePointer(document: unknown, ref: string): unknown {
  let at: unknown = document;
  for (const segment of ref.replace(/^#\//, '').split('/')) {
    at = at && typeof at === 'object' ? (at as JsonObject)[segment] : undefined;
  }
  return at;
}

t.test('GET /api/health answers ok once the database answers', async (t) => {
  const res = await forms.inject({ method: 'GET', url: '/api/health' });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { status: 'ok' });
  t.equal(res.headers['cache-control'], 'no-store');
});

t.test('GET /api/health answers 503 UNHEALTHY with retry-after when the check throws', async (t) => {
  const sick = await createHttpApp({
    title: 'sick',
    logger: false,
    health: async () => {
      throw new Error('database unreachable');
    },
  });
  t.teardown(() => sick.close());
  const res = await sick.inject({ method: 'GET', url: '/api/health' });
  t.equal(res.statusCode, 503);
  t.same(res.json(), { statusCode: 503, code: 'UNHEALTHY', error: 'Service Unavailable', message: 'The service cannot serve right now' });
  t.equal(res.headers['retry-after'], '5');
});

t.test('GET /api/health says DATABASE_UNAVAILABLE when the check cannot reach the database, as every route and readiness do', async (t) => {
  const away = await createHttpApp({
    title: 'away',
    logger: false,
    health: async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54329'), { code: 'ECONNREFUSED' });
    },
  });
  t.teardown(() => away.close());
  const res = await away.inject({ method: 'GET', url: '/api/health' });
  t.equal(res.statusCode, 503);
  t.same(res.json(), {
    statusCode: 503,
    code: 'DATABASE_UNAVAILABLE',
    error: 'Service Unavailable',
    message: 'The database is not reachable right now; try again shortly',
  });
  t.equal(res.headers['retry-after'], '2');
});

t.test('an unknown route answers the JSON 404 body', async (t) => {
  const res = await forms.inject({ method: 'GET', url: '/api/nothing/here?secret=1' });
  t.equal(res.statusCode, 404);
  t.match(res.headers['content-type'], /^application\/json/);
  t.same(res.json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No route GET /api/nothing/here' });
  t.equal(res.headers['cache-control'], 'no-store');

  const wrongMethod = await forms.inject({ method: 'DELETE', url: '/api/forms/abc' });
  t.equal(wrongMethod.statusCode, 404);
  t.same(wrongMethod.json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No route DELETE /api/forms/abc' });
});

t.test('GET /api/openapi.json describes the API as OpenAPI 3.1', async (t) => {
  const res = await forms.inject({ method: 'GET', url: '/api/openapi.json' });
  t.equal(res.statusCode, 200);
  const document = res.json();
  t.match(document, { openapi: /^3\.1\./, info: { title: 'forms', version: String } });
  const path = document.paths['/api/forms/{name}'];
  t.ok(path?.get, 'GET /api/forms/{name} is documented');
  t.ok(path?.post, 'POST /api/forms/{name} is documented');
  t.match(path.post.parameters, [{ in: 'path', name: 'name', required: true, schema: { type: 'string', pattern: String } }]);
  t.match(
    path.post.requestBody,
    {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              answers: { type: 'object', additionalProperties: { anyOf: Array } },
              notes: { type: 'object' },
              respondent: { type: 'string', maxLength: 200 },
              summary: { type: 'string' },
              website: { type: 'string' },
            },
          },
        },
      },
    },
    'the request body schema is documented',
  );
  t.same(
    Object.keys(path.post.responses).sort(),
    ['200', '400', '403', '404', '413', '415', '429', '503'],
    'every answer of the POST is documented',
  );
  t.same(Object.keys(document.paths['/api/forms/{name}/questions']?.get?.responses ?? {}).sort(), ['200', '400', '404'], 'the questionnaire route and its answers');
  t.ok(document.paths['/api/health']?.get, 'the health check is documented');
  t.notOk(document.paths['/api/openapi.json'], 'the document itself is hidden');
  t.notOk(document.paths['/f/{name}'], 'the HTML page is hidden');

  const refs = [...new Set(refsIn(document))];
  t.ok(refs.length > 0, 'shared schemas are referenced');
  for (const ref of refs) {
    t.ok(resolvePointer(document, ref), `${ref} resolves inside the document`);
  }
});

t.test("each service's OpenAPI document lists only the components its own routes reach", async (t) => {
  const documents: Record<string, { components?: { schemas?: Record<string, unknown> } }> = {};
  for (const name of ['gym', 'shows', 'club', 'forms']) {
    const app = system.apps[name];
    if (!app) throw new Error(`the ${name} service was not built`);
    documents[name] = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  }
  for (const [name, document] of Object.entries(documents)) {
    const components = Object.keys(document.components?.schemas ?? {});
    const referenced = new Set(refsIn(document).map((ref) => ref.replace('#/components/schemas/', '')));
    t.same(components.filter((component) => !referenced.has(component)), [], `${name}: every component is referenced`);
  }
  // the error body and the accounts' `Ok` are every service's; the rest belongs to one service
  const shared = new Set(['Error', 'Ok']);
  const showsNames = new Set(Object.keys(documents.shows!.components?.schemas ?? {}));
  for (const other of ['gym', 'club', 'forms']) {
    const theirs = Object.keys(documents[other]!.components?.schemas ?? {}).filter((component) => !shared.has(component));
    t.same(theirs.filter((component) => showsNames.has(component)), [], `shows carries none of ${other}'s components`);
  }
  t.same(
    [...showsNames].sort(),
    [
      'DismissedSuggestion',
      'Episode',
      'Error',
      'HistoryEntry',
      'ImportJob',
      'Ok',
      'PublicProfile',
      'ScheduleEntry',
      'ShowDetail',
      'ShowSummary',
      'Suggestions',
      'TrackedShow',
      'TraktIdsInput',
      'TraktRatingInput',
      'TraktShowInput',
      'TraktWatchedShowInput',
      'TraktWatchlistItemInput',
      'User',
    ],
    "shows' own components",
  );
  t.ok(Object.keys(documents.gym!.components?.schemas ?? {}).includes('Workout'), 'gym keeps its own');
  t.ok(Object.keys(documents.club!.components?.schemas ?? {}).includes('ClubUser'), 'club keeps its own');
  t.ok(Object.keys(documents.forms!.components?.schemas ?? {}).includes('FormDocument'), 'forms keeps its own');
});

t.test('a path parameter over 100 characters answers 414 URI Too Long in the one error body', async (t) => {
  const res = await forms.inject({ method: 'GET', url: `/api/forms/${'x'.repeat(101)}` });
  t.equal(res.statusCode, 414);
  t.same(res.json(), {
    statusCode: 414,
    code: 'FST_ERR_MAX_PARAM_LENGTH',
    error: 'URI Too Long',
    message: 'params: a path parameter is longer than 100 characters',
  });
  t.equal(res.headers['cache-control'], 'no-store');
  t.equal(res.headers['x-content-type-options'], 'nosniff', 'the usual security headers');
  const badUrl = await forms.inject({ method: 'GET', url: '/api/forms/%E0%A4%A' });
  t.equal(badUrl.statusCode, 400);
  t.same(badUrl.json(), { statusCode: 400, code: 'FST_ERR_BAD_URL', error: 'Bad Request', message: 'url: not a valid URL component' });
});

t.test('a route parameter failing validation answers 400 VALIDATION_FAILED naming params.name', async (t) => {
  const message = 'params.name: letters, digits, - and _, at most 80, starting with a letter or digit';
  const read = await forms.inject({ method: 'GET', url: '/api/forms/bad%20name' });
  t.equal(read.statusCode, 400);
  t.same(read.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });

  const write = await forms.inject({
    method: 'POST',
    url: `/api/forms/${'x'.repeat(81)}`,
    headers: { origin: 'http://localhost:3004', 'x-real-ip': '192.0.2.200' },
    payload: { answers: {} },
  });
  t.equal(write.statusCode, 400);
  t.same(write.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
});

t.test('the client address is X-Real-IP when a trusted proxy (loopback by default) sends a valid one, else the socket peer', async (t) => {
  const ip = async (headers: Record<string, string>, remoteAddress?: string): Promise<string> => {
    const res = await tiny.inject({ method: 'GET', url: '/ip', headers, ...(remoteAddress ? { remoteAddress } : {}) });
    t.equal(res.statusCode, 200);
    return res.json().ip;
  };
  t.equal(await ip({ 'x-real-ip': '203.0.113.9' }), '203.0.113.9', 'a valid IPv4 X-Real-IP');
  t.equal(await ip({ 'x-real-ip': ' 203.0.113.9 ' }), '203.0.113.9', 'surrounding spaces trimmed');
  t.equal(await ip({ 'x-real-ip': '2001:db8::7' }), '2001:db8::7', 'a valid IPv6 X-Real-IP');
  t.equal(await ip({}), '127.0.0.1', 'no header: the socket peer');
  t.equal(await ip({ 'x-forwarded-for': '203.0.113.50' }), '127.0.0.1', 'X-Forwarded-For alone is ignored');
  t.equal(await ip({ 'x-forwarded-for': '203.0.113.50' }, '10.1.2.3'), '10.1.2.3', 'X-Forwarded-For alone: the socket peer, whatever it is');
  t.equal(await ip({ 'x-real-ip': '203.0.113.9', 'x-forwarded-for': '203.0.113.50' }), '203.0.113.9', 'X-Real-IP wins over X-Forwarded-For');
  t.equal(await ip({ 'x-real-ip': 'not-an-address' }), '127.0.0.1', 'an invalid X-Real-IP: the socket peer');
  t.equal(await ip({ 'x-real-ip': '203.0.113.9, 10.0.0.1' }), '127.0.0.1', 'a list in X-Real-IP is invalid');
  t.equal(await ip({ 'x-real-ip': '203.0.113.9' }, '10.1.2.3'), '10.1.2.3', 'X-Real-IP from a peer that is not TRUSTED_PROXY: the peer');
  t.equal(await ip({ 'x-real-ip': '' }), '127.0.0.1', 'an empty X-Real-IP: the socket peer');

  const page = await tiny.inject({ method: 'GET', url: '/ip' });
  t.equal(page.headers['cache-control'], undefined, 'no-store is set on /api/ answers only');
});

t.test('an HttpError of 503 thrown in a route keeps its retry-after and gets the common body', async (t) => {
  const maintenance = await tiny.inject({ method: 'GET', url: '/api/maintenance' });
  t.equal(maintenance.statusCode, 503);
  t.equal(maintenance.headers['retry-after'], '30');
  t.same(maintenance.json(), { statusCode: 503, code: 'MAINTENANCE', error: 'Service Unavailable', message: 'Down for maintenance' });
  t.equal(maintenance.headers['cache-control'], 'no-store');

  const notReady = await tiny.inject({ method: 'GET', url: '/api/not-ready' });
  t.equal(notReady.statusCode, 503);
  t.equal(notReady.headers['retry-after'], '3', 'seconds rounded up');
  t.same(notReady.json(), { statusCode: 503, code: 'NOT_READY', error: 'Service Unavailable', message: 'The read side is behind' });
});

t.test('a plain Error thrown in a route answers 500 INTERNAL without its details', async (t) => {
  const res = await tiny.inject({ method: 'GET', url: '/api/boom' });
  t.equal(res.statusCode, 500);
  t.same(res.json(), { statusCode: 500, code: 'INTERNAL', error: 'Internal Server Error', message: 'Something went wrong on our side' });
  t.notMatch(res.body, /hunter2|10\.0\.0\.5/, 'nothing of the error leaks');
});

// Every route of every service, read from its own OpenAPI document, fed wrong input while logged in:
// the answer may refuse (4xx) or report a provider down (502), never fail on our side (500).
import t from 'tap';
import { clubClient } from '../command-api/club/test-client.ts';
import { gymClient } from '../command-api/gym/test-client.ts';
import { showsUser } from '../command-api/shows/test-client.ts';
import type { HttpApp } from '../infra/http/app.ts';
import { startTestSystem } from './test/harness.ts';

// TV data on a port where nothing listens: provider calls fail at once (502), as when TVmaze is down
const system = await startTestSystem(t, { TVMAZE_URL: 'http://127.0.0.1:9', TVMAZE_CALLS_PER_10S: '100000' });
const gym = system.apps.gym!;
const shows = system.apps.shows!;
const forms = system.apps.forms!;

const { config } = system.core;
const origins: Record<string, string> = {
  gym: config.GYM_BASE_URL,
  shows: config.SHOWS_BASE_URL,
  club: config.CLUB_BASE_URL,
  forms: config.FORMS_BASE_URL,
};
const cookies: Record<string, string> = {
  gym: `gym_sid=${(await gymClient(gym).signup('fuzz@example.org')).sid}`,
  shows: `sid=${(await showsUser(shows, 'fuzz@example.org')).sid}`,
  club: '',
  forms: '',
};
const club = await clubClient(system, 'fuzzer');
const clubLogin = await club.app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-real-ip': '198.51.100.77' },
  payload: { username: 'fuzzer', password: 'a long password' },
});
cookies.club = `club_sid=${clubLogin.cookies.find((cookie) => cookie.name === 'club_sid')!.value}`;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** A value of another type than the schema wants, so validation must refuse it. */
function wrongValue(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : (schema?.type ?? schema?.anyOf?.[0]?.type);
  switch (type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return 'not an object';
    default:
      return [{ nested: ['nonsense'] }];
  }
}

/** A value of the schema's own shape at its lower or upper edge: deep enough to pass most validation. */
function edgeValue(schema: Schema | undefined, edge: 'low' | 'high'): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return edge === 'low' ? schema.enum[0] : schema.enum.at(-1);
  const choices = schema.anyOf?.filter((choice) => choice.type !== 'null') ?? [];
  if (choices.length > 0) return edgeValue(edge === 'low' ? choices[0] : choices.at(-1), edge);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date') return edge === 'low' ? '1970-01-01' : '2999-12-31';
      if (schema.format === 'date-time') return edge === 'low' ? '1970-01-01T00:00:00.000Z' : '2999-12-31T23:59:59.999Z';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return 'edge@example.org';
      if (schema.format === 'uri') return 'https://example.org/';
      return edge === 'low' ? 'a'.repeat(Math.max(1, schema.minLength ?? 1)) : 'ž'.repeat(Math.min(schema.maxLength ?? 200, 5000));
    case 'integer':
    case 'number':
      return edge === 'low' ? (schema.minimum ?? -1) : (schema.maximum ?? 1e9);
    case 'boolean':
      return edge === 'high';
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map((item) => edgeValue(item, edge));
      return Array.from({ length: Math.max(edge === 'low' ? 0 : 3, schema.minItems ?? 0) }, () => edgeValue(schema.items, edge));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, edgeValue(property, edge)]));
    default:
      return null;
  }
}

function bodiesFor(operation: Operation): Array<{ label: string; payload: string }> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const bodies = [
    { label: 'no body', payload: '' },
    { label: 'empty object', payload: '{}' },
    { label: 'broken JSON', payload: '{"a": ' },
    { label: 'a list', payload: '[1, 2, 3]' },
    { label: 'null', payload: 'null' },
  ];
  if (schema) {
    bodies.push({ label: 'every field at its low edge', payload: JSON.stringify(edgeValue(schema, 'low')) });
    bodies.push({ label: 'every field at its high edge', payload: JSON.stringify(edgeValue(schema, 'high')) });
  }
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    bodies.push({ label: `${name} of the wrong type`, payload: JSON.stringify({ [name]: wrongValue(property) }) });
    bodies.push({ label: `${name} huge`, payload: JSON.stringify({ [name]: 'x'.repeat(100_000) }) });
    bodies.push({ label: `${name} negative`, payload: JSON.stringify({ [name]: -1e308 }) });
  }
  return bodies;
}

const PARAMETER_VALUES = ['x', '0', '-1', '99999999999999999999', 'a'.repeat(300), '%00', '00000000-0000-0000-0000-000000000000'];
const QUERIES = ['', '?date=tomorrow', '?from=2026-13-45&to=x', '?q=' + 'x'.repeat(5000), '?limit=-5&offset=abc'];

// last: routes that end the session or the account would cut the rest short
const lastOf = (method: string, path: string): number => (/logout|\/me$/.test(path) || (method === 'delete' && path === '/api/me') ? 1 : 0);

for (const [name, app] of Object.entries({ gym, shows, club: club.app, forms }) as Array<[string, HttpApp]>) {
  t.test(`${name}: wrong input on every route is never a 500`, async (t) => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
      .sort((a, b) => lastOf(a.method, a.path) - lastOf(b.method, b.path));
    t.ok(operations.length >= 3, `${operations.length} operations`);
    let requests = 0;
    const failures: string[] = [];
    for (const { path, method, operation } of operations) {
      for (const value of PARAMETER_VALUES) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
        for (const query of method === 'get' ? QUERIES : ['']) {
          for (const body of method === 'get' || method === 'delete' ? [{ label: 'no body', payload: '' }] : bodiesFor(operation)) {
            const response = await app.inject({
              method: method.toUpperCase() as 'GET',
              url: url + query,
              headers: {
                cookie: cookies[name]!,
                'x-real-ip': `10.9.${requests % 250}.${Math.floor(requests / 250) % 250}`,
                // the service's own page: a foreign origin would be refused before the input is read
                origin: origins[name]!,
                ...(body.payload ? { 'content-type': 'application/json' } : {}),
              },
              ...(body.payload ? { payload: body.payload } : {}),
            });
            requests++;
            if (response.statusCode >= 500 && response.statusCode !== 502) {
              failures.push(`${method.toUpperCase()} ${url}${query} (${body.label}): ${response.statusCode} ${response.body.slice(0, 200)}`);
            }
          }
        }
      }
    }
    t.same(failures, [], `${requests} requests, none answered 500`);
  });
}

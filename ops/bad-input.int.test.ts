// Every route of every service, read from its own OpenAPI document, fed wrong input while logged in:
// the answer may refuse (4xx) or report a provider down (502), never fail on our side (500). Beside
// wrong types and edges, every string slot (path, query, body, nested) gets text PostgreSQL cannot
// store (NUL, a lone surrogate) and every date slot a year PostgreSQL or JavaScript cannot write.
import t from 'tap';
import { serviceOrigins } from '../infra/config.ts';
import { clubClient, cuid } from '../testing/club/client.ts';
import { trainingUser } from '../testing/gym/training-client.ts';
import { showsUser } from '../testing/shows/client.ts';
import type { HttpApp } from '../infra/http/app.ts';
import { startTestSystem } from '../testing/harness.ts';
import { SESSION_COOKIE } from '../testing/sign-in.ts';

// TV data on a port where nothing listens: provider calls fail at once (502), as when TVmaze is down
const system = await startTestSystem(t, { TVMAZE_URL: 'http://127.0.0.1:9', TVMAZE_CALLS_PER_10S: '100000' });
const gym = system.apps.gym!;
const shows = system.apps.shows!;
const forms = system.apps.forms!;
await system.defineForm('fuzz');

const origins: Record<string, string> = serviceOrigins(system.core.config);
const me = await trainingUser(gym, 'fuzz@example.org');
const cookies: Record<string, string> = {
  gym: `${SESSION_COOKIE.gym}=${me.sid}`,
  shows: (await showsUser(shows, 'fuzz@example.org')).cookie,
  club: '',
  forms: '',
};
const club = await clubClient(system, 'fuzzer');
cookies.club = club.cookie;

// Real resources, so a body reaches its decision and the stores instead of stopping at "not found"
const exercise = await me.exercise('Fuzz squat');
const plan = await me.ok('POST', '/api/plans', { name: 'Fuzz', startDate: '2026-01-05', days: [{ title: 'A', slots: [{ exerciseId: exercise, targetSets: 1, repMin: 1, repMax: 2 }] }] });
const workout = await me.workout('2026-01-05');
const set = await me.tick(workout, exercise, 1, 10, 5);
const machine = await me.ok('POST', '/api/cardio/machines', { name: 'Fuzz bike' });
const cardioLog = await me.ok('POST', '/api/cardio/logs', { machineId: machine.id, date: '2026-01-05', minutes: 10 });
await me.ok('PUT', '/api/bodyweight', { date: '2026-01-05', kg: 80 });
const { levels } = await club.ok<{ levels: Array<{ id: string }> }>('POST', '/api/levels', { name: 'Fuzz level' }, 201);
const { venues } = await club.ok<{ venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Fuzz hall' }, 201);
const venueId = venues[0]!.id;
const withSlot = await club.ok<{ venues: Array<{ slots: Array<{ id: string }> }> }>('POST', `/api/venues/${venueId}/slots`, { weekday: 1, start: '18:00', end: '20:00' }, 201);
const player = await club.ok<{ id: string }>('POST', '/api/players', { id: cuid('fuzz'), name: 'Fuzz person' }, 201);
const night = await club.ok<{ id: string }>('POST', '/api/sessions', { venueId, date: '2026-01-05' }, 201);
const knownIds: Record<string, Record<string, string>> = {
  gym: {
    '/api/sessions/{id}': workout,
    '/api/sets/{id}': set.id,
    '/api/exercises/{id}': exercise,
    '/api/plans/{id}': plan.id,
    '/api/cardio/machines/{id}': machine.id,
    '/api/cardio/logs/{id}': cardioLog.id,
    '/api/bodyweight/{date}': '2026-01-05',
  },
  club: {
    '/api/sessions/{id}': night.id,
    '/api/players/{id}': player.id,
    '/api/levels/{id}': levels[0]!.id,
    '/api/venues/{id}': venueId,
    '/api/slots/{id}': withSlot.venues[0]!.slots[0]!.id,
  },
  shows: {},
  forms: { '/api/forms/{name}': 'fuzz' },
};

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
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
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
};
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
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => [name, edgeValue(property, edge)]);
      if (typeof schema.additionalProperties === 'object') entries.push(['q1', edgeValue(schema.additionalProperties, edge)]);
      return Object.fromEntries(entries);
    }
    default:
      return null;
  }
}

/** Strings PostgreSQL refuses (text: NUL; jsonb: NUL and lone surrogates), wherever they stand in a value. */
const UNSTORABLE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy'];
/** Years PostgreSQL has not (0) or `toISOString` signs (10000), and far ends of the calendar. */
const UNSTORABLE_DATES = ['0000-01-01', '0001-01-01', '9999-12-31', '10000-01-01', '+010000-01-01'];
const UNSTORABLE_INSTANTS = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59+14:00', '+010000-01-01T00:00:00Z'];
/** Numbers just past an int4 column and past a double's reach of sense. */
const EXTREME_NUMBERS = [2_147_483_648, -2_147_483_649, 1e308, -1e308, Number.MAX_SAFE_INTEGER];

function hostileLeaves(schema: Schema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (schema.enum || schema.const !== undefined) return [];
  if (type === 'string') {
    if (schema.format === 'date') return [...UNSTORABLE_DATES, ...UNSTORABLE_TEXT];
    if (schema.format === 'date-time') return [...UNSTORABLE_INSTANTS, ...UNSTORABLE_TEXT];
    if (schema.format === 'uri') return ['https://example.org/\u0000', 'https://example.org/\ud800', ...UNSTORABLE_TEXT];
    return UNSTORABLE_TEXT;
  }
  if (type === 'integer' || type === 'number') return EXTREME_NUMBERS;
  return [];
}

/** The value at its low edge with one slot, anywhere inside it, replaced by a hostile value. */
function hostileVariants(schema: Schema | undefined, label = ''): Array<{ label: string; value: unknown }> {
  if (!schema) return [];
  const choices = schema.anyOf?.filter((choice) => choice.type !== 'null') ?? [];
  if (choices.length > 0) return choices.flatMap((choice) => hostileVariants(choice, label));
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (type === 'object') {
    // only the required fields beside the hostile one: an optional one may change the route's path (a bot trap)
    const required = new Set(schema.required ?? []);
    const base = Object.fromEntries(Object.entries(edgeValue(schema, 'low') as Record<string, unknown>).filter(([name]) => required.has(name)));
    const inner = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      hostileVariants(property, `${label}.${name}`).map((variant) => ({ label: variant.label, value: { ...base, [name]: variant.value } })),
    );
    if (typeof schema.additionalProperties === 'object') {
      const extra = schema.additionalProperties;
      inner.push(...hostileVariants(extra, `${label}.q1`).map((variant) => ({ label: variant.label, value: { ...base, q1: variant.value } })));
      // the key itself is a string the store keeps too
      inner.push(...UNSTORABLE_TEXT.map((key) => ({ label: `${label} key ${JSON.stringify(key)}`, value: { ...base, [key]: edgeValue(extra, 'low') } })));
    }
    return inner;
  }
  if (type === 'array') {
    const items = schema.items ?? schema.prefixItems?.[0];
    const rest = schema.prefixItems?.slice(1).map((item) => edgeValue(item, 'low')) ?? [];
    return hostileVariants(items, `${label}[0]`).map((variant) => ({ label: variant.label, value: [variant.value, ...rest] }));
  }
  return hostileLeaves(schema).map((value) => ({ label: `${label} = ${JSON.stringify(value)}`, value }));
}

function bodiesFor(operation: Operation, hostile: boolean): Array<{ label: string; payload: string }> {
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
  if (hostile) for (const variant of hostileVariants(schema, 'body')) bodies.push({ label: variant.label, payload: JSON.stringify(variant.value) });
  return bodies;
}

/** Path segments as sent on the wire (encoded once more below) and raw, already-encoded ones. */
const PARAMETER_VALUES = ['x', '0', '-1', '99999999999999999999', 'a'.repeat(300), '%00', '00000000-0000-0000-0000-000000000000', '0000-01-01', '10000-01-01'];
/** NUL, a lone surrogate's UTF-8 bytes (not UTF-8 at all), and a lone surrogate as text */
const RAW_PARAMETER_VALUES = ['%00', 'a%00b', '%ED%A0%80', encodeURIComponent('x') + '%F0%9F'];
const QUERIES = ['', '?date=tomorrow', '?from=2026-13-45&to=x', '?q=' + 'x'.repeat(5000), '?limit=-5&offset=abc'];

/** Percent-encodes as a browser would, a lone surrogate as its three (invalid UTF-8) bytes. */
const encodeLoosely = (value: string): string =>
  value.replace(/[\s\S]/gu, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });

/** For each query parameter the document names: a value of each hostile kind, the others left out. */
function hostileQueries(operation: Operation): string[] {
  const queries: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const values = [...new Set([...hostileLeaves(parameter.schema ?? {}), ...UNSTORABLE_TEXT, ...UNSTORABLE_DATES])];
    for (const value of values) queries.push(`?${parameter.name}=${encodeLoosely(String(value))}`);
    queries.push(`?${parameter.name}=%00`, `?${parameter.name}=%ED%A0%80`);
    // a range needs both ends: each end hostile, the other sound
    if (parameter.name === 'from') for (const date of UNSTORABLE_DATES) queries.push(`?from=${date}&to=2026-01-01`, `?from=2026-01-01&to=${date}`);
  }
  return queries;
}

// last: deletions, which take the known resources away, and routes that end the session or the account
const lastOf = (method: string, path: string): number => (/logout|\/me$/.test(path) ? 2 : method === 'delete' ? 1 : 0);

for (const [name, app] of Object.entries({ gym, shows, club: club.app, forms }) as Array<[string, HttpApp]>) {
  t.test(`${name}: wrong input on every route is never a 500`, async (t) => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
      .sort((a, b) => lastOf(a.method, a.path) - lastOf(b.method, b.path));
    t.ok(operations.length >= 3, `${operations.length} operations`);
    let requests = 0;
    const failures: string[] = [];
    let notReady = 0;
    routes: for (const { path, method, operation } of operations) {
      const known = Object.entries(knownIds[name]!).find(([prefix]) => path.startsWith(prefix))?.[1];
      const segments = [
        ...(known ? [encodeURIComponent(known)] : []),
        ...PARAMETER_VALUES.map(encodeURIComponent),
        ...(path.includes('{') ? RAW_PARAMETER_VALUES : []),
      ];
      for (const [index, segment] of segments.entries()) {
        const url = path.replace(/\{[^}]+\}/g, segment);
        // hostile queries and bodies once per route, with the first path value (a real resource when there is one)
        const queries = method === 'get' ? [...QUERIES, ...(index === 0 ? hostileQueries(operation) : [])] : [''];
        const bodies = method === 'get' || method === 'delete' ? [{ label: 'no body', payload: '' }] : bodiesFor(operation, index === 0);
        for (const query of queries) {
          for (const body of bodies) {
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
              // a projector stopped on what was just accepted: every later write would wait it out
              if (response.statusCode === 503 && ++notReady === 5) {
                failures.push('(stopped: the read side no longer follows the log)');
                break routes;
              }
            }
          }
        }
      }
    }
    t.same(failures, [], `${requests} requests, none answered 500`);
  });
}

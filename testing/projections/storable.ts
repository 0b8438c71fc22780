// Test support for the storable-input property tests: fast-check values derived from the zod
// schemas the routes validate with, and one context's real projector on a fresh database whose
// every failure is reported, so a test can ask "did everything the command side accepted land?".
import fc from 'fast-check';
import type { Test } from 'tap';
import { z } from 'zod';
import { loadConfig } from '../../infra/config.ts';
import { makeDatabase } from '../database.ts';
import { openCore, type Core } from '../../ops/system.ts';
import type { Projection } from '../../projections/runtime/projection.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { DomainError } from '../../domain/shared/events.ts';
import { HttpError } from '../../infra/http/errors.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

/**
 * Characters PostgreSQL and JSON treat specially, mixed into ordinary text: NUL and lone surrogates
 * (which no schema may let through), astral emoji, combining marks, direction marks, quotes.
 */
const EDGE_CHARACTERS = ['\u0000', '\ud800', '\udfff', '😀', '👩‍👧', 'é', 'e\u0301', '\u200b', '\u202e', '\uffff', '\ufeff', '"', "'", '\\', ',', '%', '\n', '\t', ' ', 'ž', 'я', '中'];
const character = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_CHARACTERS) },
);

/** Years around both ends of any range worth having, and PostgreSQL's and ISO's own ends. */
const year = fc.oneof(fc.constantFrom(0, 1, 999, 1000, 1899, 1900, 1901, 1969, 1970, 2026, 2998, 2999, 3000, 9999), fc.integer({ min: 0, max: 9999 }));
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const date = fc
  .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(Math.min(d, new Date(Date.UTC(2000, m, 0)).getUTCDate()))}`);
const instant = fc
  .tuple(date, fc.integer({ min: 0, max: 86_399 }), fc.constantFrom('Z', '.000Z', '+14:00', '-12:00', '+03:00'))
  .map(([day, seconds, zone]) => `${day}T${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}${zone}`);

const patternsOf = (schema: JsonSchema): string[] => [
  ...(schema.pattern ? [schema.pattern] : []),
  ...(schema.allOf ?? []).flatMap(patternsOf),
];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return date;
  if (schema.format === 'date-time') return instant;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  const [pattern] = patternsOf(schema);
  if (pattern) return fc.stringMatching(new RegExp(pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 200, 200);
  // mostly short, sometimes the whole allowance
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: character, minLength, maxLength: Math.max(minLength, Math.min(maxLength, 24)) }) },
    { weight: 1, arbitrary: fc.string({ unit: character, minLength: maxLength, maxLength }) },
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -Number.MAX_SAFE_INTEGER);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : Number.MAX_SAFE_INTEGER);
  const edges = fc.constantFrom(min, max);
  if (integer) return fc.oneof(edges, fc.integer({ min: Math.ceil(min), max: Math.floor(max) }));
  return fc.oneof(edges, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.integer({ min: Math.ceil(min), max: Math.floor(max) }));
}

function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(fromJsonSchema));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromJsonSchema({ ...schema, type })));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(fromJsonSchema));
      const minLength = schema.minItems ?? 0;
      return fc.array(fromJsonSchema(schema.items ?? {}), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, fromJsonSchema(property)]));
      const record = fc.record(properties, { requiredKeys: schema.required ?? [] });
      if (typeof schema.additionalProperties !== 'object') return record;
      const keys = schema.propertyNames ? (fromJsonSchema({ type: 'string', ...schema.propertyNames }) as fc.Arbitrary<string>) : stringArbitrary({});
      const extra = fc.dictionary(keys, fromJsonSchema(schema.additionalProperties), { maxKeys: 3 });
      return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/**
 * Values the zod schema accepts, as it parses them. Candidates come from the schema's own JSON
 * Schema (bounds, formats, patterns) with hostile text and dates mixed in; the schema itself then
 * decides, so a schema that lets through what PostgreSQL cannot store hands it on to the test.
 * `candidates` stand in where the JSON Schema says too little (a transform's input).
 */
export function acceptedBy<Schema extends z.ZodType>(schema: Schema, candidates?: fc.Arbitrary<unknown>): fc.Arbitrary<z.output<Schema>> {
  return (candidates ?? fromJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema))
    .map((candidate) => schema.safeParse(candidate))
    .filter((result) => result.success)
    .map((result) => result.data as z.output<Schema>);
}

export type StorableLog = {
  readonly core: Core;
  /** resolves once the projector has processed the whole log; rejects with what it reported instead */
  settled(): Promise<void>;
};

/** A fresh database with the log and `projection`'s real projector running over it. */
export async function storableLog(t: Test, projection: Projection): Promise<StorableLog> {
  const database = await makeDatabase();
  const core = await openCore(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATABASE_POOL_SIZE: '5', SESSION_SECRET: 'storable-test-secret-of-32-characters-or-more' }));
  let fail: (reason: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (fail = reject));
  failure.catch(() => undefined);
  const record = (object: object, message?: string): void => {
    const error = (object as { err?: unknown }).err;
    fail(new Error(`the ${projection.name} projector reported "${message}": ${error instanceof Error ? error.message : JSON.stringify(object)}`));
  };
  const projector = startProjector({
    pool: core.db.slonik,
    store: core.store,
    projection,
    progress: core.progress,
    log: { info: () => undefined, warn: record, error: record },
  });
  await projector.ready;
  t.teardown(async () => {
    await projector.stop();
    await core.close();
    await database.drop();
  });
  return {
    core,
    async settled() {
      const head = await core.store.headPosition();
      const reached = await Promise.race([core.progress.waitFor([projection.name], head, 10_000), failure]);
      if (!reached) throw new Error(`the ${projection.name} projector did not reach the head of the log`);
    },
  };
}

/** A refusal (a domain error, or a 4xx such as a taken name) is an answer, not a failure: only the store may not fail. */
export async function attempt<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError || (error instanceof HttpError && error.statusCode < 500)) return null;
    throw error;
  }
}

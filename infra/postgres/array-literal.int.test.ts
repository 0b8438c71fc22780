// flatArrayLiteral against the server's own reading, and against pg's own writing of the same arrays.
import { createRequire } from 'node:module';
import t from 'tap';
import { createTestDatabase } from '../../testing/database.ts';
import { flatArrayLiteral } from './array-literal.ts';

const db = await createTestDatabase(t, 2);
// pg's own serialiser, which the driver used for every array before
const pgUtils = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

const texts = [
  '3f0c8a52-1b7e-4c1d-9a55-0e2f6d3b9c11', '2026-11-29', '', ' ', ' padded ', 'NULL', 'null', 'Null', 'nullable', 'a,b', '{braces}',
  'say "hi"', 'back\\slash', 'tab\there', 'line\nbreak', 'Bench, "flat"', 'é ü 日本', '🏋️', 'x'.repeat(300), '+1.5', '-', '.', 'a:b', 'NaN',
];
const cases: Array<{ type: string; values: unknown[] }> = [
  { type: 'text', values: [...texts, null, undefined] },
  { type: 'int4', values: [0, -1, 2147483647, null, 7] },
  { type: 'float8', values: [0.1 + 0.2, 60 * 0.45359237, -0, 1e-7, 1.7976931348623157e308, 5e-324, Number.NaN, Number.POSITIVE_INFINITY, null] },
  { type: 'float4', values: [7.5, null, 8] },
  { type: 'bool', values: [true, false, null] },
  { type: 'date', values: ['2026-11-29', null, '1960-02-29'] },
  { type: 'text', values: [] },
];

t.test('the server reads each array as the values, and as pg itself writes them', async (t) => {
  for (const { type, values } of cases) {
    const literal = flatArrayLiteral(values);
    t.ok(literal !== null, `${type}: written`);
    const { rows: [row] } = await db.pool.query<{ same: boolean; text: string }>(
      `SELECT $1::${type}[] IS NOT DISTINCT FROM $2::${type}[] AS same, $1::${type}[]::text AS text`,
      [literal, pgUtils.prepareValue(values)],
    );
    t.ok(row?.same, `${type}: the same array as pg's writing reads, ${row?.text.slice(0, 120)}`);
  }
  const { rows: [read] } = await db.pool.query<{ values: Array<string | null> }>('SELECT $1::text[] AS values', [flatArrayLiteral(cases[0]!.values)]);
  t.same(read?.values, [...texts, null, null], 'text elements come back as they went, NULL as null');
  const { rows: [floats] } = await db.pool.query<{ values: number[] }>('SELECT $1::float8[] AS values', [flatArrayLiteral([0.1 + 0.2, 60 * 0.45359237])]);
  t.same(floats?.values, [0.1 + 0.2, 60 * 0.45359237], 'doubles come back bit for bit');
});

t.test('anything but a flat array of strings, numbers and booleans is left to pg', async (t) => {
  t.equal(flatArrayLiteral([['a'], ['b']]), null);
  t.equal(flatArrayLiteral([Buffer.from('x')]), null);
  t.equal(flatArrayLiteral([new Date(0)]), null);
  t.equal(flatArrayLiteral([{ a: 1 }]), null);
  t.equal(flatArrayLiteral(['a', 1, true, null]), '{a,1,true,NULL}');
});

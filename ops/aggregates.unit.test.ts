import { readdir } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { aggregateOfStream, stateJson } from './aggregates.ts';

// Every kind of stream the domain writes, found from the domain's own exports (`…_STREAM_PREFIX`,
// `…_STREAM`), must be foldable by `ops audit --at`: a new kind without its aggregate fails here.
const domain = path.resolve(import.meta.dirname, '..', 'domain');

async function streamKinds(): Promise<Map<string, string>> {
  const kinds = new Map<string, string>();
  for (const context of await readdir(domain)) {
    for (const file of await readdir(path.join(domain, context))) {
      if (!file.endsWith('.ts') || file.includes('.test.')) continue;
      const module = (await import(path.join(domain, context, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (typeof value === 'string' && /_STREAM(_PREFIX)?$/.test(name)) kinds.set(value, `${context}/${file} ${name}`);
      }
    }
  }
  // a prefix of other kinds names a whole context (subscriptions), not a kind of stream
  for (const kind of [...kinds.keys()]) if ([...kinds.keys()].some((other) => other !== kind && other.startsWith(kind))) kinds.delete(kind);
  return kinds;
}

t.test('every kind of stream the domain writes has the aggregate `ops audit --at` folds it with', async (t) => {
  const kinds = await streamKinds();
  t.ok(kinds.size >= 15, `${kinds.size} kinds of stream found in domain/`);
  const missing = [...kinds].filter(([kind]) => !aggregateOfStream(`${kind}${kind.endsWith('-') ? 'example' : ''}`)).map(([kind, where]) => `${kind} (${where})`);
  t.same(missing, [], 'none is missing');
});

t.test('a stream is folded by the aggregate of its own kind, not of a kind whose name it starts with', async (t) => {
  t.equal(aggregateOfStream('shows.username-kim'), aggregateOfStream('shows.username-other'));
  t.not(aggregateOfStream('shows.username-kim'), aggregateOfStream('shows.user-kim'), 'shows.user- and shows.username- are two kinds');
  t.equal(aggregateOfStream('nothing.of-ours'), undefined);
});

t.test("a state's maps and sets are printed with what they hold", async (t) => {
  const state = { status: 'active', watched: new Map([[101, '2026-11-01T20:00:00.000Z']]), dismissed: new Set([7, 9]), nested: { byShow: new Map([[5, 'tracked-1']]) } };
  t.same(stateJson(state), { status: 'active', watched: { 101: '2026-11-01T20:00:00.000Z' }, dismissed: [7, 9], nested: { byShow: { 5: 'tracked-1' } } });
});

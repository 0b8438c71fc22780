import t from 'tap';
import type { RecordedEvent } from '../infra/eventstore/port.ts';
import { verifyLog } from './verify.ts';

let position = 0n;
function event(stream: string, revision: number, data: Record<string, unknown>, options: { type?: string; schemaVersion?: number } = {}): RecordedEvent {
  position++;
  return {
    id: `e${position}`,
    type: options.type ?? 'form-patched',
    data,
    metadata: { userId: null, correlationId: 'c', causationId: 'c', schemaVersion: options.schemaVersion ?? 1 },
    stream,
    revision: BigInt(revision),
    position: { commit: position, prepare: position },
    recordedAt: new Date('2026-11-26T12:00:00Z'),
  };
}
const patch = (answer: string) => ({ answers: { q1: answer }, notes: {}, patchedAt: '2026-11-26T12:00:00.000Z' });
async function* batches(...lists: RecordedEvent[][]) {
  yield* lists;
}
const now = () => new Date('2026-11-26T13:00:00Z');

t.test('a sound log: every stream folded, counted by kind, no problem', async (t) => {
  const summary = await verifyLog(
    batches([event('forms.form-a', 0, patch('one')), event('forms.form-b', 0, patch('x'))], [event('forms.form-a', 1, patch('two')), event('ops.parked-gym', 0, { projection: 'gym', eventId: 'e1', position: '1/1', reason: 'why', stream: 'gym.user-1', revision: 0, eventType: 'x', parkedAt: '2026-11-26T12:00:00.000Z' }, { type: 'event-parked' })]),
    now,
  );
  t.match(summary, { verifiedAt: '2026-11-26T13:00:00.000Z', streams: 3, events: 4, kinds: { 'forms.form-': 3, 'ops.parked-': 1 }, truncated: [] });
  t.same(summary.problems, [], summary.problems.map((problem) => problem.problem).join('; '));
  t.equal(summary.ok, true);
});

t.test('a gap, a repeat, an event that does not parse, a schema version nobody reads, a stream of no known kind: each named', async (t) => {
  const summary = await verifyLog(
    batches([
      event('forms.form-gap', 0, patch('one')),
      event('forms.form-gap', 2, patch('three')),
      event('forms.form-gap', 2, patch('again')),
      event('forms.form-bad', 0, { answers: 'not an object' }),
      event('forms.form-bad', 1, patch('after the bad one')),
      event('forms.form-future', 0, patch('v9'), { schemaVersion: 9 }),
      event('nobody.knows-1', 0, {}),
    ]),
    now,
  );
  t.equal(summary.ok, false);
  t.same(
    summary.problems.map(({ stream, revision, problem }) => [stream, revision, problem.replace(/: .*/s, '')]),
    [
      ['forms.form-gap', '2', 'revision 2 follows 0'],
      ['forms.form-gap', '2', 'revision 2 follows 2'],
      ['forms.form-bad', '0', 'form-patched v1 does not apply'],
      ['forms.form-future', '0', 'form-patched v9 does not apply'],
      ['nobody.knows-1', null, 'no aggregate is known for this kind of stream'],
    ],
    'the bad stream is reported once: what follows an event that cannot apply says nothing more',
  );
  t.match(summary.problems[2]!.problem, /does not apply: answers: /, 'a payload that fails its schema names the field');
  t.equal(summary.events, 7);
});

t.test('a stream whose head was erased starts past 0: listed as truncated, and checked from there', async (t) => {
  const summary = await verifyLog(batches([event('forms.form-t', 4, patch('kept')), event('forms.form-t', 5, patch('next'))]), now);
  t.same(summary.truncated, ['forms.form-t']);
  t.equal(summary.ok, true);
});

// A projection that names the streams it reads (Projection.streams): the other contexts' events
// move its checkpoint without reaching `apply`, so that it is never behind on them; the projectors
// of a process move theirs together (runtime/checkpoint-moves.ts).
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { newEvent } from '../infra/eventstore/contract.ts';
import { loadConfig } from '../infra/config.ts';
import { comparePositions } from '../infra/eventstore/port.ts';
import { makeDatabase } from '../testing/database.ts';
import { openCore } from '../ops/system.ts';
import { createCheckpointMoves } from './runtime/checkpoint-moves.ts';
import { readCheckpoint } from './runtime/checkpoints.ts';
import { startProjector } from './runtime/projector.ts';
import { eventLogProjection } from '../testing/projections/event-log-projection.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const db = await makeDatabase();
const core = await openCore(loadConfig({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' }));
t.teardown(async () => {
  await core.close();
  await db.drop();
});

t.test("a batch of other streams' events only moves the checkpoint; a mixed one is applied with the projection's own", async (t) => {
  const batches: number[] = [];
  const projection = { ...eventLogProjection('streamstest', 0, (size) => batches.push(size)), streams: ['mine.'] };
  const checkpointMoves = createCheckpointMoves(core.db.slonik);
  const start = () => startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silent, checkpointMoves });
  const seen = () => core.db.slonik.anyFirst(sql.type(z.object({ stream: z.string() }))`SELECT stream FROM streamstest.seen ORDER BY stream`);
  const caughtUp = async (): Promise<void> => {
    const head = await core.store.headPosition();
    t.ok(await core.progress.waitFor(['streamstest'], head, 10_000), 'caught up');
    const checkpoint = await readCheckpoint(core.db.slonik, 'streamstest');
    t.equal(comparePositions(checkpoint!.position, head), 0, 'the stored checkpoint is the head of the log');
  };

  let projector = start();
  await caughtUp();
  await core.store.append('theirs.a', [newEvent('not for it'), newEvent('nor this')], 'no_stream');
  await caughtUp();
  t.same(batches, [], 'apply never called');
  t.same(await seen(), []);

  await projector.stop();
  await core.store.append('mine.b', [newEvent('for it')], 'no_stream');
  await core.store.append('theirs.c', [newEvent('not for it')], 'no_stream');
  await core.store.append('mine.bb', [newEvent('for it too')], 'no_stream');
  projector = start();
  t.teardown(() => projector.stop());
  await caughtUp();
  // one batch or two: an open transaction elsewhere in the cluster may hold the later events back
  t.equal(batches.reduce((sum, size) => sum + size, 0), 2, "apply saw the projection's two events, and not the other one");
  t.same(await seen(), ['mine.b', 'mine.bb']);
});

t.test('the checkpoint moves asked in one turn go in one statement; one no longer where it was is refused alone', async (t) => {
  const at = (commit: number, prepare: number) => ({ commit: BigInt(commit), prepare: BigInt(prepare) });
  await core.db.slonik.query(sql.unsafe`
    INSERT INTO projection_state.checkpoints (name, version, commit_position, prepare_position)
    VALUES ('moves-a', 1, 5, 1), ('moves-b', 1, 5, 1), ('moves-c', 1, 5, 1)`);
  const moves = createCheckpointMoves(core.db.slonik);
  const moved = await Promise.all([moves.move('moves-a', at(5, 1), at(6, 1)), moves.move('moves-b', at(5, 1), at(6, 2)), moves.move('moves-c', at(4, 9), at(6, 3))]);
  t.same(moved, [true, true, false], 'a rebuild swapped c: its move is refused, the others are not');
  const rows = () =>
    core.db.slonik.any(sql.type(z.object({ name: z.string(), commit_position: z.string(), prepare_position: z.string(), updated_at: z.string() }))`
      SELECT name, commit_position::text, prepare_position::text, updated_at::text FROM projection_state.checkpoints
      WHERE name LIKE 'moves-%' ORDER BY name`);
  const [a, b, c] = await rows();
  t.same([a, b, c].map((row) => [row!.commit_position, row!.prepare_position]), [['6', '1'], ['6', '2'], ['5', '1']]);
  t.equal(a!.updated_at, b!.updated_at, "one statement: one transaction's time");
  t.equal(await moves.move('moves-a', at(6, 1), at(7, 1)), true);
  t.not((await rows())[0]!.updated_at, a!.updated_at, 'a later turn, a statement of its own');
});

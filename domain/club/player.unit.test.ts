import t from 'tap';
import { DomainError } from '../shared/events.ts';
import { clientIdSchema, decidePlayer, playerAggregate, type PlayerState } from './player.ts';

const at = '2026-11-26T19:00:00.000Z';
const create = (state: PlayerState, name = 'Ann', levelId: string | null = 'strong') =>
  decidePlayer({ type: 'create-player', name, levelId, guest: false, at }, state);
const evolve = (state: PlayerState, events: ReturnType<typeof create>) => events.reduce(playerAggregate.evolve, state);

t.test('creating is idempotent: the same id never renames or re-levels', async (t) => {
  const ann = evolve(null, create(null));
  t.same(ann, { name: 'Ann', levelId: 'strong', guest: false, archived: false, createdAt: at });
  t.same(create(ann, 'Other', 'weak'), []);
});

t.test('changes carry only what differs; archive and restore', async (t) => {
  const ann = evolve(null, create(null));
  t.same(decidePlayer({ type: 'change-player', name: 'Ann', levelId: 'strong' }, ann), []);
  const events = decidePlayer({ type: 'change-player', name: 'Anne', archived: true }, ann);
  t.same(events, [{ type: 'player-changed', data: { name: 'Anne', archived: true } }]);
  t.match(evolve(ann, events), { name: 'Anne', archived: true, levelId: 'strong' });
  t.match(evolve(ann, decidePlayer({ type: 'change-player', levelId: null }, ann)), { levelId: null });
});

t.test('an unknown or deleted person cannot be changed; a deleted id can be created again', async (t) => {
  const ann = evolve(null, create(null));
  const deleted = evolve(ann, decidePlayer({ type: 'delete-player', at }, ann));
  t.equal(deleted, null);
  t.throws(() => decidePlayer({ type: 'change-player', name: 'X' }, deleted), new DomainError('PLAYER_NOT_FOUND', 'no such person'));
  t.throws(() => decidePlayer({ type: 'delete-player', at }, null), DomainError);
  t.equal(create(deleted).length, 1);
});

t.test('client ids are cuid-shaped', async (t) => {
  for (const id of ['cjld2cjxh0000qzrmn831i7rn', 'tz4a98xxat96iws9zmbrgj3a', 'c12345678']) t.ok(clientIdSchema.safeParse(id).success, id);
  for (const id of ['', 'C1234567', '1abcdefgh', 'c-123456789', 'cabc', `c${'a'.repeat(40)}`]) t.notOk(clientIdSchema.safeParse(id).success, id);
});

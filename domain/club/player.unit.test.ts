import t from 'tap';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { DomainError } from '../shared/events.ts';
import { clientIdSchema, decidePlayer, type PlayerCommand, playerAggregate } from './player.ts';

const at = '2026-11-26T19:00:00.000Z';
const player = deciderSpec({ initialState: playerAggregate.initialState, evolve: playerAggregate.evolve, decide: decidePlayer });
const create = (name = 'Ann', levelId: string | null = 'strong'): PlayerCommand => ({ type: 'create-player', name, levelId, guest: false, at });
const annCreated = player([]).when(create()).decided().events;

t.test('creating is idempotent: the same id never renames or re-levels', async (t) => {
  t.same(player(annCreated).state, { name: 'Ann', levelId: 'strong', guest: false, archived: false, createdAt: at });
  player(annCreated).when(create('Other', 'weak')).then(t, []);
});

t.test('changes carry only what differs; archive and restore', async (t) => {
  player(annCreated).when({ type: 'change-player', name: 'Ann', levelId: 'strong' }).then(t, []);
  const archived = player(annCreated).when({ type: 'change-player', name: 'Anne', archived: true }).decided();
  t.same(archived.events, [{ type: 'player-changed', data: { name: 'Anne', archived: true } }]);
  t.match(archived.state, { name: 'Anne', archived: true, levelId: 'strong' });
  t.match(player(annCreated).when({ type: 'change-player', levelId: null }).decided().state, { levelId: null });
});

t.test('an unknown or deleted person cannot be changed; a deleted id can be created again', async (t) => {
  const deleted = player(annCreated).when({ type: 'delete-player', at }).decided();
  t.equal(deleted.state, null);
  player(deleted.history).when({ type: 'change-player', name: 'X' }).thenThrows(t, new DomainError('PLAYER_NOT_FOUND', 'no such person'));
  player([]).when({ type: 'delete-player', at }).thenThrows(t, DomainError);
  t.equal(player(deleted.history).when(create()).decided().events.length, 1);
});

t.test('client ids are cuid-shaped', async (t) => {
  for (const id of ['cjld2cjxh0000qzrmn831i7rn', 'tz4a98xxat96iws9zmbrgj3a', 'c12345678']) t.ok(clientIdSchema.safeParse(id).success, id);
  for (const id of ['', 'C1234567', '1abcdefgh', 'c-123456789', 'cabc', `c${'a'.repeat(40)}`]) t.notOk(clientIdSchema.safeParse(id).success, id);
});

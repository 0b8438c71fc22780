import t from 'tap';
import { deciderSpec } from '../../testing/decider-spec.ts';
import {
  type ClubSettingsEvent,
  type ClubSettingsState,
  decideClubSettings,
  evolveClubSettings,
  initialClubSettings,
  parseClubSettingsEvent,
} from './settings.ts';

const given = deciderSpec({ initialState: initialClubSettings, evolve: evolveClubSettings, decide: decideClubSettings });

const a: ClubSettingsEvent = { type: 'level-added', data: { id: 'a', name: 'A', rank: 0, isCoach: false } };
const b: ClubSettingsEvent = { type: 'level-added', data: { id: 'b', name: 'B', rank: 1, isCoach: false } };
const coach: ClubSettingsEvent = { type: 'level-added', data: { id: 'c', name: 'Coach', rank: 0, isCoach: true } };
const hall: ClubSettingsEvent = { type: 'venue-added', data: { id: 'v', name: 'Hall', sortOrder: 0, active: true } };
const ranks = (state: ClubSettingsState) => state.levels.map((level) => [level.id, level.rank]);

t.test('club settings: ranges', async (t) => {
  t.same(given([]).when({ type: 'change-club', defaultCourts: 4, roundLengthSec: 600 }).decided().state.club, { defaultCourts: 4, roundLengthSec: 600 });
  given([]).when({ type: 'change-club', defaultCourts: 21, roundLengthSec: 600 }).thenThrows(t, 'INVALID_CLUB_SETTINGS');
  given([]).when({ type: 'change-club', defaultCourts: 3, roundLengthSec: 59 }).thenThrows(t, 'INVALID_CLUB_SETTINGS');
});

t.test('levels: new ones go last, names are unique ignoring case', async (t) => {
  const result = given([a]).when({ type: 'add-level', id: 'b', name: ' B ', isCoach: false }).decided();
  t.same(result.events, [b]);
  t.same(ranks(result.state), [['a', 0], ['b', 1]]);
  given([a]).when({ type: 'add-level', id: 'x', name: 'a', isCoach: false }).thenThrows(t, 'LEVEL_NAME_TAKEN');
  given([a, b]).when({ type: 'rename-level', id: 'b', name: 'A' }).thenThrows(t, 'LEVEL_NAME_TAKEN');
  t.same(given([a]).when({ type: 'rename-level', id: 'a', name: 'a' }).decided().state.levels[0]?.name, 'a', 'renaming to itself in another case');
});

t.test('coach: at most one, always rank 0', async (t) => {
  const result = given([a, b]).when({ type: 'add-level', id: 'c', name: 'Coach', isCoach: true }).decided();
  t.same(result.events, [coach]);
  t.same(ranks(result.state), [['c', 0], ['a', 1], ['b', 2]], 'the coach goes first and shifts the others');
  given([coach]).when({ type: 'add-level', id: 'd', name: 'D', isCoach: true }).thenThrows(t, 'COACH_EXISTS');
  given([a, coach]).when({ type: 'reorder-levels', order: ['a', 'c'] }).thenThrows(t, 'COACH_NOT_FIRST');
});

t.test('reorder: exactly the existing ids', async (t) => {
  t.same(ranks(given([a, b]).when({ type: 'reorder-levels', order: ['b', 'a'] }).decided().state), [['b', 0], ['a', 1]]);
  given([a, b]).when({ type: 'reorder-levels', order: ['a'] }).thenThrows(t, 'LEVEL_ORDER_MISMATCH');
  given([a, b]).when({ type: 'reorder-levels', order: ['a', 'a'] }).thenThrows(t, 'LEVEL_ORDER_MISMATCH');
  given([a, b]).when({ type: 'reorder-levels', order: ['a', 'x'] }).thenThrows(t, 'LEVEL_ORDER_MISMATCH');
});

t.test('removing a level closes the gap in ranks; unknown ids', async (t) => {
  t.same(ranks(given([a, b]).when({ type: 'remove-level', id: 'a' }).decided().state), [['b', 0]]);
  given([a]).when({ type: 'remove-level', id: 'x' }).thenThrows(t, 'LEVEL_NOT_FOUND');
  given([a]).when({ type: 'rename-level', id: 'x', name: 'Y' }).thenThrows(t, 'LEVEL_NOT_FOUND');
  given([]).when({ type: 'change-venue', id: 'x', active: false }).thenThrows(t, 'VENUE_NOT_FOUND');
  given([hall]).when({ type: 'remove-slot', id: 'x' }).thenThrows(t, 'SLOT_NOT_FOUND');
});

t.test('venues: unique names; changes keep what is not sent', async (t) => {
  given([hall]).when({ type: 'add-venue', id: 'w', name: 'HALL', active: true }).thenThrows(t, 'VENUE_NAME_TAKEN');
  given([hall])
    .when({ type: 'add-venue', id: 'w', name: 'Gym', active: false })
    .then(t, [{ type: 'venue-added', data: { id: 'w', name: 'Gym', sortOrder: 1, active: false } }]);
  t.same(given([hall]).when({ type: 'change-venue', id: 'v', active: false }).decided().state.venues, [
    { id: 'v', name: 'Hall', sortOrder: 0, active: false },
  ]);
});

t.test('slots: weekday 0–6, HH:mm, start before end, an existing venue', async (t) => {
  const slot = { type: 'add-slot', id: 's', venueId: 'v', weekday: 2, start: '19:00', end: '21:30' } as const;
  t.same(given([hall]).when(slot).decided().state.slots, [{ id: 's', venueId: 'v', weekday: 2, start: '19:00', end: '21:30' }]);
  given([hall]).when({ ...slot, weekday: 7 }).thenThrows(t, 'INVALID_SLOT');
  given([hall]).when({ ...slot, start: '24:00' }).thenThrows(t, 'INVALID_SLOT');
  given([hall]).when({ ...slot, end: '9:00' }).thenThrows(t, 'INVALID_SLOT');
  given([hall]).when({ ...slot, end: '19:00' }).thenThrows(t, 'INVALID_SLOT');
  given([]).when(slot).thenThrows(t, 'VENUE_NOT_FOUND');
});

t.test('stored events parse back', async (t) => {
  t.same(parseClubSettingsEvent('level-added', coach.data, 1), coach);
  t.throws(() => parseClubSettingsEvent('level-added', coach.data, 2));
  t.throws(() => parseClubSettingsEvent('level-exploded', {}, 1));
});

import t from 'tap';
import { DomainError } from '../shared/events.ts';
import {
  type ClubSettingsCommand,
  type ClubSettingsEvent,
  type ClubSettingsState,
  decideClubSettings,
  evolveClubSettings,
  initialClubSettings,
  parseClubSettingsEvent,
} from './settings.ts';

/** given the past events, when the command is decided, then these events (and the folded state) or this refusal */
function given(events: readonly ClubSettingsEvent[]) {
  const state = events.reduce(evolveClubSettings, initialClubSettings);
  return {
    when(command: ClubSettingsCommand) {
      const run = (): { events: ClubSettingsEvent[]; state: ClubSettingsState } => {
        const decided = decideClubSettings(command, state);
        return { events: decided, state: decided.reduce(evolveClubSettings, state) };
      };
      return {
        then: run,
        refusedWith(code: string): void {
          try {
            run();
          } catch (error) {
            if (error instanceof DomainError && error.code === code) return;
            throw new Error(`expected ${code}, got ${String(error)}`);
          }
          throw new Error(`expected ${code}, but the command was accepted`);
        },
      };
    },
  };
}

const a: ClubSettingsEvent = { type: 'level-added', data: { id: 'a', name: 'A', rank: 0, isCoach: false } };
const b: ClubSettingsEvent = { type: 'level-added', data: { id: 'b', name: 'B', rank: 1, isCoach: false } };
const coach: ClubSettingsEvent = { type: 'level-added', data: { id: 'c', name: 'Coach', rank: 0, isCoach: true } };
const hall: ClubSettingsEvent = { type: 'venue-added', data: { id: 'v', name: 'Hall', sortOrder: 0, active: true } };
const ranks = (state: ClubSettingsState) => state.levels.map((level) => [level.id, level.rank]);

t.test('club settings: ranges', async (t) => {
  t.same(given([]).when({ type: 'change-club', defaultCourts: 4, roundLengthSec: 600 }).then().state.club, { defaultCourts: 4, roundLengthSec: 600 });
  t.doesNotThrow(() => given([]).when({ type: 'change-club', defaultCourts: 21, roundLengthSec: 600 }).refusedWith('INVALID_CLUB_SETTINGS'));
  t.doesNotThrow(() => given([]).when({ type: 'change-club', defaultCourts: 3, roundLengthSec: 59 }).refusedWith('INVALID_CLUB_SETTINGS'));
});

t.test('levels: new ones go last, names are unique ignoring case', async (t) => {
  const result = given([a]).when({ type: 'add-level', id: 'b', name: ' B ', isCoach: false }).then();
  t.same(result.events, [b]);
  t.same(ranks(result.state), [['a', 0], ['b', 1]]);
  t.doesNotThrow(() => given([a]).when({ type: 'add-level', id: 'x', name: 'a', isCoach: false }).refusedWith('LEVEL_NAME_TAKEN'));
  t.doesNotThrow(() => given([a, b]).when({ type: 'rename-level', id: 'b', name: 'A' }).refusedWith('LEVEL_NAME_TAKEN'));
  t.same(given([a]).when({ type: 'rename-level', id: 'a', name: 'a' }).then().state.levels[0]?.name, 'a', 'renaming to itself in another case');
});

t.test('coach: at most one, always rank 0', async (t) => {
  const result = given([a, b]).when({ type: 'add-level', id: 'c', name: 'Coach', isCoach: true }).then();
  t.same(result.events, [coach]);
  t.same(ranks(result.state), [['c', 0], ['a', 1], ['b', 2]], 'the coach goes first and shifts the others');
  t.doesNotThrow(() => given([coach]).when({ type: 'add-level', id: 'd', name: 'D', isCoach: true }).refusedWith('COACH_EXISTS'));
  t.doesNotThrow(() => given([a, coach]).when({ type: 'reorder-levels', order: ['a', 'c'] }).refusedWith('COACH_NOT_FIRST'));
});

t.test('reorder: exactly the existing ids', async (t) => {
  t.same(ranks(given([a, b]).when({ type: 'reorder-levels', order: ['b', 'a'] }).then().state), [['b', 0], ['a', 1]]);
  t.doesNotThrow(() => given([a, b]).when({ type: 'reorder-levels', order: ['a'] }).refusedWith('LEVEL_ORDER_MISMATCH'));
  t.doesNotThrow(() => given([a, b]).when({ type: 'reorder-levels', order: ['a', 'a'] }).refusedWith('LEVEL_ORDER_MISMATCH'));
  t.doesNotThrow(() => given([a, b]).when({ type: 'reorder-levels', order: ['a', 'x'] }).refusedWith('LEVEL_ORDER_MISMATCH'));
});

t.test('removing a level closes the gap in ranks; unknown ids', async (t) => {
  t.same(ranks(given([a, b]).when({ type: 'remove-level', id: 'a' }).then().state), [['b', 0]]);
  t.doesNotThrow(() => given([a]).when({ type: 'remove-level', id: 'x' }).refusedWith('LEVEL_NOT_FOUND'));
  t.doesNotThrow(() => given([a]).when({ type: 'rename-level', id: 'x', name: 'Y' }).refusedWith('LEVEL_NOT_FOUND'));
  t.doesNotThrow(() => given([]).when({ type: 'change-venue', id: 'x', active: false }).refusedWith('VENUE_NOT_FOUND'));
  t.doesNotThrow(() => given([hall]).when({ type: 'remove-slot', id: 'x' }).refusedWith('SLOT_NOT_FOUND'));
});

t.test('venues: unique names; changes keep what is not sent', async (t) => {
  t.doesNotThrow(() => given([hall]).when({ type: 'add-venue', id: 'w', name: 'HALL', active: true }).refusedWith('VENUE_NAME_TAKEN'));
  t.same(given([hall]).when({ type: 'add-venue', id: 'w', name: 'Gym', active: false }).then().events, [
    { type: 'venue-added', data: { id: 'w', name: 'Gym', sortOrder: 1, active: false } },
  ]);
  t.same(given([hall]).when({ type: 'change-venue', id: 'v', active: false }).then().state.venues, [
    { id: 'v', name: 'Hall', sortOrder: 0, active: false },
  ]);
});

t.test('slots: weekday 0–6, HH:mm, start before end, an existing venue', async (t) => {
  const slot = { type: 'add-slot', id: 's', venueId: 'v', weekday: 2, start: '19:00', end: '21:30' } as const;
  t.same(given([hall]).when(slot).then().state.slots, [{ id: 's', venueId: 'v', weekday: 2, start: '19:00', end: '21:30' }]);
  t.doesNotThrow(() => given([hall]).when({ ...slot, weekday: 7 }).refusedWith('INVALID_SLOT'));
  t.doesNotThrow(() => given([hall]).when({ ...slot, start: '24:00' }).refusedWith('INVALID_SLOT'));
  t.doesNotThrow(() => given([hall]).when({ ...slot, end: '9:00' }).refusedWith('INVALID_SLOT'));
  t.doesNotThrow(() => given([hall]).when({ ...slot, end: '19:00' }).refusedWith('INVALID_SLOT'));
  t.doesNotThrow(() => given([]).when(slot).refusedWith('VENUE_NOT_FOUND'));
});

t.test('stored events parse back', async (t) => {
  t.same(parseClubSettingsEvent('level-added', coach.data, 1), coach);
  t.throws(() => parseClubSettingsEvent('level-added', coach.data, 2));
  t.throws(() => parseClubSettingsEvent('level-exploded', {}, 1));
});

// The club read check's commands (query-api/club/reference.int.test.ts): small records that shrink,
// resolved against the run that sends them (./commands.ts); a club's set-up before its nights, and
// the club's own settings and permission of a sequence.
import fc from 'fast-check';
import { readCheckParameters } from '../../read-check.ts';

const LEVEL_NAMES = ['Strong', 'Middle', 'Weak', 'strong', ' Coach '] as const;
const VENUE_NAMES = ['Hall', 'Annex', 'Gym', 'hall'] as const;
/** with an accent, a space and case, which a person and the bytes of lower(name) sort differently */
export const PERSON_NAMES = ['Ada', 'ben', 'Cleo', 'Dev', 'eve', 'Finn', 'Gus', 'Hana', 'Élodie', 'Zoë', 'Ada Lee'] as const;
const STARTS = ['18:00', '19:00', '19:30', '20:00'] as const;
const ENDS = ['19:30', '21:00', '21:30', '22:00'] as const;
const ROUND_LENGTHS = [60, 600, 720, 900, 3600] as const;
/** the first run's nights fall in three weeks from Monday 2 November 2026, every later run's four weeks on */
export const FIRST_DATE = '2026-11-02';
export const DAYS = 21;
/** four-week windows from FIRST_DATE before dates reach the year 2999 */
export const WINDOWS = 12_000;

/** sequences of the file's run: 60 unless `npm run check:reads` asks for more */
export const RUNS = readCheckParameters(60).numRuns;
/**
 * A rebuild replays the whole log, which every sequence makes longer: about one sequence in eight
 * rebuilds in a run of 60, and the same few rebuilds in a longer run (every other step is that much likelier).
 */
const often = (weight: number): number => weight * Math.max(1, Math.round(RUNS / 60));

const by = fc.constantFrom(0, 1);
/** an index into what the run has made; -1 names something that does not exist */
const ref = fc.oneof({ arbitrary: fc.nat(30), weight: 9 }, { arbitrary: fc.constant(-1), weight: 1 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

export const stepArbitrary = fc.oneof(
  { weight: often(4), arbitrary: fc.record({ kind: fc.constant('addLevel' as const), by, name: fc.constantFrom(...LEVEL_NAMES), isCoach: fc.boolean() }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('renameLevel' as const), by, level: ref, name: fc.constantFrom(...LEVEL_NAMES) }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('reorderLevels' as const), by, keys: fc.array(fc.nat(9), { minLength: 6, maxLength: 6 }), drop: fc.boolean() }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('removeLevel' as const), by, level: ref }) },
  {
    weight: often(3),
    arbitrary: fc.record({
      kind: fc.constant('addVenue' as const),
      by,
      name: fc.constantFrom(...VENUE_NAMES),
      sortOrder: maybe(fc.integer({ min: -1, max: 3 })),
      active: maybe(fc.boolean()),
    }),
  },
  {
    weight: often(2),
    arbitrary: fc.record({
      kind: fc.constant('changeVenue' as const),
      by,
      venue: ref,
      name: maybe(fc.constantFrom(...VENUE_NAMES)),
      sortOrder: maybe(fc.integer({ min: -1, max: 3 })),
      active: maybe(fc.boolean()),
    }),
  },
  {
    weight: often(5),
    arbitrary: fc.record({
      kind: fc.constant('addSlot' as const),
      by,
      venue: ref,
      weekday: fc.integer({ min: 0, max: 6 }),
      start: fc.constantFrom(...STARTS),
      end: fc.constantFrom(...ENDS),
    }),
  },
  {
    weight: often(2),
    arbitrary: fc.record({
      kind: fc.constant('changeSlot' as const),
      by,
      slot: ref,
      weekday: maybe(fc.integer({ min: 0, max: 6 })),
      start: maybe(fc.constantFrom(...STARTS)),
      end: maybe(fc.constantFrom(...ENDS)),
    }),
  },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('removeSlot' as const), by, slot: ref }) },
  {
    weight: often(4),
    arbitrary: fc.record({
      kind: fc.constant('addPlayer' as const),
      by,
      player: fc.nat(12),
      name: fc.constantFrom(...PERSON_NAMES),
      level: maybe(ref),
      guest: fc.boolean(),
    }),
  },
  {
    weight: often(2),
    arbitrary: fc.record({
      kind: fc.constant('changePlayer' as const),
      by,
      player: ref,
      name: maybe(fc.constantFrom(...PERSON_NAMES)),
      level: fc.option(maybe(ref), { nil: undefined }),
      guest: maybe(fc.boolean()),
      archived: maybe(fc.boolean()),
    }),
  },
  { weight: often(2), arbitrary: fc.record({ kind: fc.constant('deletePlayer' as const), by, player: ref }) },
  {
    weight: often(6),
    arbitrary: fc.record({
      kind: fc.constant('openNight' as const),
      by,
      venue: ref,
      day: fc.nat(DAYS - 1),
      start: maybe(fc.constantFrom(...STARTS)),
      end: maybe(fc.constantFrom(...ENDS)),
      courts: maybe(fc.integer({ min: 0, max: 5 })),
      roundLengthSec: maybe(fc.constantFrom(...ROUND_LENGTHS)),
      id: fc.constantFrom('server', 'fresh', 'known'),
      night: fc.nat(10),
      /** a weekly slot whose weekday gives the date (the start and end then default to it) */
      slot: maybe(fc.nat(10)),
    }),
  },
  {
    weight: often(20),
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      by,
      night: ref,
      base: fc.constantFrom('current', 'current', 'current', 'current', 'current', 'older', 'newer'),
      snapshotId: fc.boolean(),
      /** who of the night's people stay, a bit each */
      keep: fc.oneof({ weight: 3, arbitrary: fc.constant(255) }, { weight: 1, arbitrary: fc.nat(255) }),
      add: fc.array(fc.nat(16), { maxLength: 6 }),
      relevel: maybe(fc.nat(6)),
      draw: fc.boolean(),
      rotate: fc.nat(7),
      file: fc.nat(2),
      dropRound: fc.constantFrom(false, false, false, true),
      reverseRounds: fc.boolean(),
      timer: fc.constantFrom('keep', 'start', 'pause', 'clear', 'old-build'),
      courts: maybe(fc.integer({ min: 1, max: 5 })),
      endTime: maybe(fc.constantFrom(...ENDS)),
      roundLengthSec: maybe(fc.constantFrom(...ROUND_LENGTHS)),
      invalid: fc.oneof(
        { weight: 8, arbitrary: fc.constant(null) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('unknown-level', 'court-out-of-range', 'round-twice', 'moved-date', 'person-twice', 'not-on-sheet', 'name-not-on-court', 'blank-name', 'sitting-out-on-court'),
        },
      ),
    }),
  },
  {
    weight: often(3),
    // the last save sent again: its answer was lost (same), the phone changed it since (newer), or a copy it gave up on arrives late (older)
    arbitrary: fc.record({ kind: fc.constant('resend' as const), by, changed: fc.boolean(), order: fc.constantFrom('same', 'newer', 'older') }),
  },
  {
    weight: often(4),
    arbitrary: fc.record({
      kind: fc.constant('restore' as const),
      by,
      night: ref,
      version: fc.nat(8),
      expected: fc.constantFrom('current', 'current', 'older'),
      snapshotId: fc.boolean(),
      again: fc.boolean(),
    }),
  },
  { weight: often(2), arbitrary: fc.record({ kind: fc.constant('close' as const), by, night: ref }) },
  { weight: often(2), arbitrary: fc.record({ kind: fc.constant('reopen' as const), by, night: ref }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('deleteNight' as const), by, night: ref }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('check' as const), by, day: fc.nat(DAYS - 1), span: fc.nat(DAYS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rebuild' as const) }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('signOutAndIn' as const) }) },
);
export type Step = typeof stepArbitrary extends fc.Arbitrary<infer S> ? S : never;

/** What a club has before its nights: venues with weekly slots, levels, people; commands like any other. */
export const setupArbitrary = fc
  .record({
    venues: fc.array(
      fc.record({
        name: fc.constantFrom(...VENUE_NAMES),
        sortOrder: maybe(fc.integer({ min: -1, max: 3 })),
        active: maybe(fc.boolean()),
        slots: fc.array(fc.record({ weekday: fc.integer({ min: 0, max: 6 }), start: fc.constantFrom(...STARTS), end: fc.constantFrom(...ENDS) }), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    levels: fc.array(fc.record({ name: fc.constantFrom(...LEVEL_NAMES), isCoach: fc.boolean() }), { maxLength: 3 }),
    people: fc.array(fc.record({ name: fc.constantFrom(...PERSON_NAMES), level: maybe(fc.nat(3)), guest: fc.boolean() }), { maxLength: 8 }),
    nights: fc.array(fc.record({ slot: fc.nat(5), day: fc.nat(DAYS - 1), courts: maybe(fc.integer({ min: 1, max: 4 })) }), { minLength: 1, maxLength: 2 }),
  })
  .map(({ venues, levels, people, nights }): Step[] => [
    ...venues.flatMap((venue, index): Step[] => [
      { kind: 'addVenue', by: 0, name: venue.name, sortOrder: venue.sortOrder, active: venue.active },
      ...venue.slots.map((slot): Step => ({ kind: 'addSlot', by: 0, venue: index, ...slot })),
    ]),
    ...levels.map((level): Step => ({ kind: 'addLevel', by: 1, ...level })),
    ...people.map((person, index): Step => ({ kind: 'addPlayer', by: 0, player: index, ...person })),
    ...nights.map(
      (night): Step => ({ kind: 'openNight', by: 1, venue: 0, day: night.day, start: null, end: null, courts: night.courts, roundLengthSec: null, id: 'server', night: 0, slot: night.slot }),
    ),
  ]);
export type StepOf<K extends Step['kind']> = Extract<Step, { kind: K }>;

export const clubArbitrary = fc.record({
  defaultCourts: fc.integer({ min: 1, max: 5 }),
  roundLengthSec: fc.constantFrom(...ROUND_LENGTHS),
  canChangePassword: fc.boolean(),
});

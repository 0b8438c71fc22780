// Test support for the gym read side's reference check: the commands of a random sequence, as
// plain records (so that fast-check shrinks a failing sequence and prints it), and their arbitraries.
// A command names what it acts on by a reference (`Ref`), resolved when it runs: the n-th of that
// kind its user (or, now and then, the other user) was ever given, so a shrunk sequence still runs.
import fc from 'fast-check';
import { KG_PER_LB, type SetKind } from './model.ts';

/** the n-th id of a kind (modulo how many there are); `other`: of the other user of the sequence */
export type Ref = { readonly n: number; readonly other: boolean };
export type UserNo = 0 | 1;

export type DraftSlot = { readonly keep: number | null; readonly exercise: Ref; readonly targetSets: number; readonly repMin: number; readonly repMax: number; readonly note: string | null };
/** `keep`: send the id of the plan's n-th day (or slot), so it is kept; null sends none, a new one */
export type DraftDay = { readonly keep: number | null; readonly title: string | null; readonly slots: readonly DraftSlot[] };

type Of<K extends string, T> = { readonly kind: K; readonly user: UserNo } & T;

export type Command =
  | Of<
      'settings',
      {
        readonly unit?: 'kg' | 'lb';
        readonly weekStart?: number;
        readonly weeklyGoal?: number;
        readonly restTimerSec?: number;
        readonly accent?: string;
        readonly appearance?: 'light' | 'dark';
      }
    >
  | Of<'create-exercise', { readonly name: string; readonly code: string | null }>
  | Of<'change-exercise', { readonly exercise: Ref; readonly name?: string; readonly code?: string | null; readonly machineNumber?: string | null; readonly libraryId?: string | null }>
  | Of<'delete-exercise', { readonly exercise: Ref }>
  | Of<'merge-exercise', { readonly from: Ref; readonly into: Ref }>
  | Of<'create-plan', { readonly name: string; readonly startDate: string; readonly days: readonly DraftDay[] }>
  | Of<'edit-plan', { readonly plan: Ref; readonly name?: string; readonly startDate?: string; readonly days?: readonly DraftDay[]; readonly active?: true }>
  | Of<'duplicate-plan', { readonly plan: Ref; readonly date: string; readonly name?: string }>
  | Of<'delete-plan', { readonly plan: Ref }>
  | Of<'start-workout', { readonly day: Ref | null; readonly date: string }>
  | Of<'change-workout', { readonly workout: Ref; readonly finished?: boolean; readonly title?: string; readonly notes?: string }>
  | Of<'delete-workout', { readonly workout: Ref }>
  /** a workout as a lifter logs it: started (get-or-create), then its sets of one exercise ticked in order */
  | Of<'session', { readonly day: Ref | null; readonly date: string; readonly exercise: Ref; readonly sets: ReadonlyArray<{ readonly kg: number; readonly reps: number }> }>
  | Of<
      'tick',
      {
        readonly workout: Ref;
        readonly exercise: Ref;
        readonly setNumber: number;
        readonly kg: number;
        readonly reps: number;
        readonly unit?: 'kg' | 'lb';
        readonly rpe?: number;
        /** the set's kind (`kind` names the command) */
        readonly setKind?: SetKind;
        readonly note?: string;
      }
    >
  | Of<'correct-set', { readonly set: Ref; readonly kg?: number; readonly reps?: number; readonly setKind?: SetKind; readonly note?: string }>
  | Of<'remove-set', { readonly set: Ref }>
  | Of<'record-bodyweight', { readonly date: string; readonly kg: number }>
  | Of<'remove-bodyweight', { readonly date: string }>
  | Of<'add-machine', { readonly name: string }>
  | Of<'rename-machine', { readonly machine: Ref; readonly name: string }>
  | Of<'remove-machine', { readonly machine: Ref }>
  | Of<'log-cardio', { readonly machine: Ref; readonly date: string; readonly minutes: number; readonly distanceKm?: number | null; readonly calories?: number | null; readonly level?: number | null }>
  | Of<'change-cardio', { readonly log: Ref; readonly machine?: Ref; readonly date?: string; readonly minutes?: number; readonly distanceKm?: number | null }>
  | Of<'remove-cardio', { readonly log: Ref }>;

/** What a sequence reads as of which dates, and whether it rebuilds the projection before reading again. */
export type Sequence = {
  readonly commands: readonly Command[];
  /** the client dates GET /home and GET /stats are asked for */
  readonly asOf: readonly string[];
  /** an inclusive range for the routes that take one */
  readonly range: { readonly from?: string; readonly to?: string };
  /** which revision of each workout's history to read */
  readonly revision: number;
  readonly rebuild: boolean;
};

const FIRST_DAY = Date.UTC(2026, 4, 4); // Monday 2026-05-04
/** Dates of about six weeks, most of them in two, and a few up to a year later (stats' twelve weeks). */
export const dateArb = fc
  .oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 13 }) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: 42 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 400 }) })
  .map((offset) => new Date(FIRST_DAY + offset * 86_400_000).toISOString().slice(0, 10));

const refArb: fc.Arbitrary<Ref> = fc.record({ n: fc.nat(5), other: fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }) });
const userArb: fc.Arbitrary<UserNo> = fc.oneof({ weight: 4, arbitrary: fc.constant(0 as const) }, { weight: 1, arbitrary: fc.constant(1 as const) });
/**
 * Names a person sorts otherwise than bytes do: accents ("Écarté" beside "Elevation", not after
 * "Zercher"), a space and a hyphen, case. Case variants meet the case-insensitive uniqueness.
 */
const exerciseNameArb = fc.constantFrom('Squat', 'squat', 'Bench', 'Bench press', 'Bench-press', 'Row', 'Écarté', 'écarté', 'Elevation', 'Zercher', 'DIP');
const codeArb = fc.constantFrom(null, '', 'SQ', 'A,1', 'x "2"');
const machineNameArb = fc.constantFrom('Bike', 'bike', 'Treadmill', 'Rower', 'Elliptical', 'Élliptique', 'Zwift bike');
const planNameArb = fc.constantFrom('Block', 'Strength', 'Hypertrophy');
const titleArb = fc.constantFrom(null, '', 'Legs', 'Push', 'Pull');
const notesArb = fc.constantFrom('', 'felt good', 'heavy, "slow"', 'line\nbreak');
/** kilograms in steps of a quarter (sums of weight × reps come out exact), or pounds in steps of five converted */
const weightArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 800 }).map((quarters) => quarters / 4) },
  { weight: 1, arbitrary: fc.integer({ min: 9, max: 100 }).map((fives) => fives * 5 * KG_PER_LB) },
);
/** a warm-up now and then, so the totals that leave them out are tried against sets that count */
const kindArb = fc.constantFrom<SetKind>('normal', 'warmup', 'warmup', 'drop', 'failure');
const noteArb = fc.constantFrom('', 'paused', 'belt, "wraps"');
const repsArb = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 9, arbitrary: fc.integer({ min: 1, max: 12 }) });

/** a slot's rep range: now and then upside down, which the plan routes refuse */
const repRangeArb = fc
  .tuple(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 0, max: 4 }), fc.oneof({ weight: 14, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }))
  .map(([low, width, upsideDown]) => (upsideDown ? { repMin: low + 1, repMax: low } : { repMin: low, repMax: low + width }));
const slotArb: fc.Arbitrary<DraftSlot> = fc
  .tuple(
    fc.record({ keep: fc.option(fc.nat(6), { freq: 2 }), exercise: refArb, targetSets: fc.integer({ min: 1, max: 4 }), note: fc.constantFrom(null, 'pause') }),
    repRangeArb,
  )
  .map(([slot, range]) => ({ ...slot, ...range }));
const dayArb: fc.Arbitrary<DraftDay> = fc.record({ keep: fc.option(fc.nat(4), { freq: 2 }), title: titleArb, slots: fc.array(slotArb, { maxLength: 3 }) });
const daysArb = fc.array(dayArb, { minLength: 0, maxLength: 4 });

const command = <K extends Command['kind'], T>(kind: K, fields: fc.Arbitrary<T>) =>
  fc.tuple(userArb, fields).map(([user, rest]) => ({ kind, user, ...rest }) as Command);

/** at least one of the fields: an empty change is refused as a whole, which another test covers */
const someOf = <T extends object>(record: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(record, { requiredKeys: [] }).filter((value) => Object.keys(value).length > 0);

export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 1,
    arbitrary: command(
      'settings',
      someOf({
        unit: fc.constantFrom('kg' as const, 'lb' as const),
        weekStart: fc.integer({ min: 0, max: 6 }),
        weeklyGoal: fc.integer({ min: 1, max: 4 }),
        restTimerSec: fc.constantFrom(60, 120),
        accent: fc.constantFrom('green', 'blue'),
        appearance: fc.constantFrom('light' as const, 'dark' as const),
      }),
    ),
  },
  { weight: 3, arbitrary: command('create-exercise', fc.record({ name: exerciseNameArb, code: codeArb })) },
  {
    weight: 1,
    arbitrary: command(
      'change-exercise',
      fc.record(
        { exercise: refArb, name: exerciseNameArb, code: codeArb, machineNumber: fc.constantFrom(null, '', '7'), libraryId: fc.constantFrom(null, 'squat-anim') },
        { requiredKeys: ['exercise'] },
      ),
    ),
  },
  { weight: 1, arbitrary: command('delete-exercise', fc.record({ exercise: refArb })) },
  { weight: 1, arbitrary: command('merge-exercise', fc.record({ from: refArb, into: refArb })) },
  { weight: 2, arbitrary: command('create-plan', fc.record({ name: planNameArb, startDate: dateArb, days: daysArb })) },
  {
    weight: 1,
    arbitrary: command(
      'edit-plan',
      fc.record({ plan: refArb, name: planNameArb, startDate: dateArb, days: daysArb, active: fc.constant(true as const) }, { requiredKeys: ['plan'] }),
    ),
  },
  { weight: 1, arbitrary: command('duplicate-plan', fc.record({ plan: refArb, date: dateArb, name: planNameArb }, { requiredKeys: ['plan', 'date'] })) },
  { weight: 1, arbitrary: command('delete-plan', fc.record({ plan: refArb })) },
  { weight: 4, arbitrary: command('start-workout', fc.record({ day: fc.option(refArb, { freq: 4 }), date: dateArb })) },
  { weight: 1, arbitrary: command('change-workout', fc.tuple(refArb, someOf({ finished: fc.boolean(), title: fc.constantFrom('', 'Push day', 'Legs'), notes: notesArb })).map(([workout, change]) => ({ workout, ...change }))) },
  { weight: 1, arbitrary: command('delete-workout', fc.record({ workout: refArb })) },
  {
    weight: 3,
    arbitrary: command(
      'session',
      fc.record({ day: fc.option(refArb, { freq: 3 }), date: dateArb, exercise: refArb, sets: fc.array(fc.record({ kg: weightArb, reps: repsArb }), { minLength: 1, maxLength: 4 }) }),
    ),
  },
  {
    weight: 7,
    arbitrary: command(
      'tick',
      fc.record(
        {
          workout: refArb,
          exercise: refArb,
          setNumber: fc.integer({ min: 1, max: 4 }),
          kg: weightArb,
          reps: repsArb,
          unit: fc.constantFrom('kg' as const, 'lb' as const),
          rpe: fc.integer({ min: 12, max: 20 }).map((halves) => halves / 2),
          setKind: kindArb,
          note: noteArb,
        },
        { requiredKeys: ['workout', 'exercise', 'setNumber', 'kg', 'reps'] },
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: command('correct-set', fc.tuple(refArb, someOf({ kg: weightArb, reps: repsArb, setKind: kindArb, note: noteArb })).map(([set, change]) => ({ set, ...change }))),
  },
  { weight: 1, arbitrary: command('remove-set', fc.record({ set: refArb })) },
  { weight: 1, arbitrary: command('record-bodyweight', fc.record({ date: dateArb, kg: fc.integer({ min: 200, max: 1500 }).map((tenths) => tenths / 10) })) },
  { weight: 1, arbitrary: command('remove-bodyweight', fc.record({ date: dateArb })) },
  { weight: 1, arbitrary: command('add-machine', fc.record({ name: machineNameArb })) },
  { weight: 1, arbitrary: command('rename-machine', fc.record({ machine: refArb, name: machineNameArb })) },
  { weight: 1, arbitrary: command('remove-machine', fc.record({ machine: refArb })) },
  {
    weight: 1,
    arbitrary: command(
      'log-cardio',
      fc.record(
        {
          machine: refArb,
          date: dateArb,
          minutes: fc.integer({ min: 1, max: 180 }).map((halves) => halves / 2),
          distanceKm: fc.option(fc.integer({ min: 0, max: 400 }).map((tenths) => tenths / 10)),
          calories: fc.option(fc.integer({ min: 0, max: 900 })),
          level: fc.option(fc.integer({ min: 0, max: 20 })),
        },
        { requiredKeys: ['machine', 'date', 'minutes'] },
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'change-cardio',
      fc.tuple(
        refArb,
        someOf({ machine: refArb, date: dateArb, minutes: fc.integer({ min: 1, max: 180 }).map((halves) => halves / 2), distanceKm: fc.option(fc.integer({ min: 0, max: 400 }).map((tenths) => tenths / 10)) }),
      ).map(([log, change]) => ({ log, ...change })),
    ),
  },
  { weight: 1, arbitrary: command('remove-cardio', fc.record({ log: refArb })) },
);

/**
 * A sequence starts by making things to act on (exercises, plans with days, workouts, a machine), so that most
 * of the random commands after it find what they name; some still name what is gone or another's.
 */
const setupArb: fc.Arbitrary<Command[]> = fc
  .tuple(
    fc.array(command('create-exercise', fc.record({ name: exerciseNameArb, code: codeArb })), { minLength: 1, maxLength: 4 }),
    fc.array(command('create-plan', fc.record({ name: planNameArb, startDate: dateArb, days: fc.array(dayArb, { minLength: 1, maxLength: 4 }) })), { maxLength: 2 }),
    fc.array(command('start-workout', fc.record({ day: fc.option(refArb, { freq: 3 }), date: dateArb })), { minLength: 1, maxLength: 4 }),
    fc.array(command('add-machine', fc.record({ name: machineNameArb })), { maxLength: 1 }),
  )
  .map(([exercises, plans, workouts, machines]) => [...exercises, ...plans, ...workouts, ...machines]);

export const sequenceArb = (maxCommands: number): fc.Arbitrary<Sequence> =>
  fc.record({
    commands: fc.tuple(setupArb, fc.array(commandArb, { minLength: 1, maxLength: maxCommands, size: 'max' })).map(([setup, rest]) => [...setup, ...rest]),
    asOf: fc.array(dateArb, { minLength: 1, maxLength: 2 }),
    range: fc.record({ from: dateArb, to: dateArb }, { requiredKeys: [] }).map((range) =>
      range.from !== undefined && range.to !== undefined && range.from > range.to ? { from: range.to, to: range.from } : range,
    ),
    revision: fc.nat(20),
    // now and then: a rebuild costs a sequence about as much again
    rebuild: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  });

// The gym app's pure logic: units, dates, recovery codes, plan templates and the rows of a workout.
// No DOM and no I/O here, so every rule is unit-tested in node.
import type { SetKind } from '../../domain/gym/set-kind.ts';
import { KG_PER_LB } from '../../domain/gym/units.ts';

export { KG_PER_LB };
export type { SetKind };
export type Unit = 'kg' | 'lb';

/**
 * A weight in kilograms as the user reads it. Rounded to a thousandth (as the export rounds pounds),
 * so a pound value typed, stored as kilograms and read back is the number typed: 135 lb stays 135.
 */
export function kgToShown(kg: number, unit: Unit): number {
  const value = unit === 'lb' ? kg / KG_PER_LB : kg;
  return Math.round(value * 1000) / 1000;
}

/** What the server stores for a weight typed in the user's unit: never rounded. */
export function shownToKg(value: number, unit: Unit): number {
  return unit === 'lb' ? value * KG_PER_LB : value;
}

/**
 * The kilograms to send for a weight field that showed `storedKg`: a number the person left as it was
 * shown is the stored weight itself, since the shown pounds are rounded to a thousandth and 220.462 lb
 * back in kilograms is 99.99988 kg, not the 100 kg stored. Only a number they changed is converted.
 */
export function typedKg(typed: number, storedKg: number | null, unit: Unit): number {
  return storedKg !== null && typed === kgToShown(storedKg, unit) ? storedKg : shownToKg(typed, unit);
}

/** A typed weight (a decimal comma allowed, as phones in many countries type it); null when it is none. */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '' || !/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** The recovery code as the server checks it: a pasted "123 456" or "123-456" works. */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, '');
}

/** The client's calendar date (never the server's): the local year, month and day. */
export function localDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar date `days` before (or after, when negative) a date, as the client counts days. */
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** A calendar date (YYYY-MM-DD) as the phone's language writes it, "Tue, Mar 5, 2024": the day itself, no time zone in between. */
export function dayText(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dayFormat.format(new Date(year, month - 1, day));
}

/**
 * Why a body-weight reading cannot carry this date on this phone, in words; null when it can. The
 * phone's own date (`today`) is the limit: the API can only refuse what is the future everywhere.
 */
export function readingDateProblem(date: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Pick the date of the reading.';
  return date > today ? `A reading cannot be dated in the future: today is ${dayText(today)}.` : null;
}

export function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return localDate(new Date(year, month - 1, day - days));
}

/** What a workout is called on screen: its plan and day ("5×5: Day 1 A"), else "Workout". */
export function workoutTitle(workout: { readonly planName: string | null; readonly dayOrdinal: number | null; readonly dayTitle: string | null }): string {
  if (!workout.planName) return 'Workout';
  return `${workout.planName}: Day ${workout.dayOrdinal ?? ''}${workout.dayTitle ? ` ${workout.dayTitle}` : ''}`;
}

/** Seconds as the rest timer shows them: 1:30. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

// The accent is stored as a colour name the server never interprets; the client owns the palette.
// Each colour carries white text at 4.5:1 or better.
export const ACCENTS: Readonly<Record<string, string>> = {
  green: '#0b6e4f',
  blue: '#1d4ed8',
  purple: '#6d28d9',
  red: '#b91c1c',
  orange: '#b45309',
  teal: '#0f766e',
};
/** The hex colour of a stored accent name; null for a name this client does not know. */
export function accentColour(name: string): string | null {
  return ACCENTS[name] ?? null;
}

export type TemplateSlot = { readonly exercise: string; readonly sets: number; readonly repMin: number; readonly repMax: number };
export type Template = { readonly id: string; readonly name: string; readonly summary: string; readonly days: readonly { readonly title: string; readonly slots: readonly TemplateSlot[] }[] };

const slot = (exercise: string, sets: number, repMin: number, repMax = repMin): TemplateSlot => ({ exercise, sets, repMin, repMax });

/** Well-known programmes shipped with the client; the server only ever sees the plan they become. */
export const TEMPLATES: readonly Template[] = [
  {
    id: '5x5',
    name: '5×5',
    summary: 'Two alternating days of five sets of five on the big barbell lifts.',
    days: [
      { title: 'A', slots: [slot('Squat', 5, 5), slot('Bench Press', 5, 5), slot('Barbell Row', 5, 5)] },
      { title: 'B', slots: [slot('Squat', 5, 5), slot('Overhead Press', 5, 5), slot('Deadlift', 1, 5)] },
    ],
  },
  {
    id: 'ppl',
    name: 'Push / pull / legs',
    summary: 'Three days: pressing, pulling, then legs.',
    days: [
      { title: 'Push', slots: [slot('Bench Press', 4, 6, 10), slot('Overhead Press', 3, 8, 12), slot('Triceps Pushdown', 3, 10, 15)] },
      { title: 'Pull', slots: [slot('Deadlift', 3, 5), slot('Pull-up', 3, 6, 10), slot('Barbell Row', 3, 8, 12), slot('Biceps Curl', 3, 10, 15)] },
      { title: 'Legs', slots: [slot('Squat', 4, 6, 10), slot('Romanian Deadlift', 3, 8, 12), slot('Leg Press', 3, 10, 15), slot('Calf Raise', 3, 12, 20)] },
    ],
  },
  {
    id: 'upper-lower',
    name: 'Upper / lower',
    summary: 'Two days: the upper body, then the lower body.',
    days: [
      { title: 'Upper', slots: [slot('Bench Press', 4, 6, 8), slot('Barbell Row', 4, 6, 8), slot('Overhead Press', 3, 8, 10), slot('Pull-up', 3, 8, 10)] },
      { title: 'Lower', slots: [slot('Squat', 4, 6, 8), slot('Romanian Deadlift', 3, 8, 10), slot('Leg Press', 3, 10, 12), slot('Calf Raise', 3, 12, 15)] },
    ],
  },
];

/** Every exercise a template names, once each, in the order first met. */
export function templateExercises(template: Template): string[] {
  return [...new Set(template.days.flatMap((day) => day.slots.map((each) => each.exercise)))];
}

export type PlanDraft = {
  readonly name: string;
  readonly startDate: string;
  readonly days: { readonly title: string; readonly slots: { readonly exerciseId: string; readonly targetSets: number; readonly repMin: number; readonly repMax: number }[] }[];
};

/** The plan a template becomes, given the id of each of its exercises (by name). */
export function planFromTemplate(template: Template, exerciseIds: ReadonlyMap<string, string>, startDate: string): PlanDraft {
  return {
    name: template.name,
    startDate,
    days: template.days.map((day) => ({
      title: day.title,
      slots: day.slots.map((each) => {
        const exerciseId = exerciseIds.get(each.exercise);
        if (!exerciseId) throw new Error(`no exercise id for ${each.exercise}`);
        return { exerciseId, targetSets: each.sets, repMin: each.repMin, repMax: each.repMax };
      }),
    })),
  };
}

/** A workout of an exercise's history as the last time shows it: its sets by number. */
export type PastWorkout = {
  readonly sessionId: string;
  readonly date: string;
  readonly sets: ReadonlyArray<{ readonly setNumber: number; readonly kg: number; readonly reps: number; readonly kind?: SetKind }>;
};

/**
 * What was lifted the last time of an exercise, set by set: the newest workout of its history
 * (newest first, as the API answers) other than this one and not after this one's date.
 */
export function lastTimeOf(history: readonly PastWorkout[], workoutId: string, date: string): PastWorkout | null {
  return history.find((past) => past.sessionId !== workoutId && past.date <= date) ?? null;
}

/** "last: 100 × 5" in the reader's unit; a warm-up says so. */
export function lastSetText(set: { readonly kg: number; readonly reps: number; readonly kind?: SetKind }, unit: Unit): string {
  return `last: ${set.kind === 'warmup' ? 'W ' : ''}${kgToShown(set.kg, unit)} × ${set.reps}`;
}

/** A plan slot's target as the workout screen says it: "3 sets of 5–8 reps". */
export function slotTarget(slot: { readonly targetSets: number; readonly repMin: number; readonly repMax: number }): string {
  const reps = slot.repMin === slot.repMax ? `${slot.repMin}` : `${slot.repMin}–${slot.repMax}`;
  return `${slot.targetSets} ${slot.targetSets === 1 ? 'set' : 'sets'} of ${reps} ${slot.repMax === 1 ? 'rep' : 'reps'}`;
}

/** The identity of a set as the server upserts it: a retry of the same key is the same set. */
export const setKey = (workoutId: string, exerciseId: string, setNumber: number): string => `set:${workoutId}:${exerciseId}:${setNumber}`;

export type RowState =
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved' }
  | { readonly kind: 'queued' }
  /** the API's code and message, said in the lifter's words and unit where the row is drawn */
  | { readonly kind: 'failed'; readonly code: string; readonly message: string };

export type LoggedSet = {
  readonly id: string;
  readonly exerciseId: string;
  readonly setNumber: number;
  readonly kg: number;
  readonly reps: number;
  readonly rpe: number | null;
  readonly kind: SetKind;
  readonly note: string;
};
/** a tick as this phone sends it; a tick that leaves the kind or note out keeps the set's, one that leaves the RPE out clears it */
export type QueuedSet = {
  readonly exerciseId: string;
  readonly setNumber: number;
  readonly kg: number;
  readonly reps: number;
  readonly unit?: 'kg' | 'lb';
  readonly rpe?: number | null;
  readonly kind?: SetKind;
  readonly note?: string;
};
export type PlannedExercise = { readonly exerciseId: string; readonly name: string; readonly targetSets: number; readonly reps: number | null; readonly kg: number | null };

export type Row = {
  readonly setNumber: number;
  /** what the row holds: the set logged or queued, else the suggestion */
  readonly kg: number | null;
  readonly reps: number | null;
  readonly rpe: number | null;
  readonly kind: SetKind;
  readonly note: string;
  /** the server's set id, once it is known */
  readonly setId: string | null;
  /** logged: saved on the server; queued: waiting in this browser; planned: not ticked */
  readonly source: 'logged' | 'queued' | 'planned';
};
export type ExerciseRows = { readonly exerciseId: string; readonly name: string; readonly rows: readonly Row[] };

/**
 * The rows of a workout: each planned exercise with its target number of sets, then any other
 * exercise with a set; a queued set (not yet on the server) shows over the server's copy, because
 * it is the newer. An unticked row suggests the last weight of the exercise here, else the plan's.
 */
export function workoutRows(planned: readonly PlannedExercise[], logged: readonly LoggedSet[], queued: readonly QueuedSet[], names: ReadonlyMap<string, string>): ExerciseRows[] {
  const order = [...planned.map((each) => each.exerciseId)];
  for (const set of [...logged, ...queued]) if (!order.includes(set.exerciseId)) order.push(set.exerciseId);
  return order.map((exerciseId) => {
    const plan = planned.find((each) => each.exerciseId === exerciseId);
    const byNumber = new Map<number, Row>();
    for (const set of logged) {
      if (set.exerciseId !== exerciseId) continue;
      const { setNumber, kg, reps, rpe, kind, note } = set;
      byNumber.set(setNumber, { setNumber, kg, reps, rpe, kind, note, setId: set.id, source: 'logged' });
    }
    for (const set of queued) {
      if (set.exerciseId !== exerciseId) continue;
      const before = byNumber.get(set.setNumber);
      const kind = set.kind ?? before?.kind ?? 'normal';
      const note = set.note ?? before?.note ?? '';
      const rpe = set.rpe ?? null;
      byNumber.set(set.setNumber, { setNumber: set.setNumber, kg: set.kg, reps: set.reps, rpe, kind, note, setId: before?.setId ?? null, source: 'queued' });
    }
    const count = Math.max(plan?.targetSets ?? 1, ...byNumber.keys());
    const rows: Row[] = [];
    let last: { kg: number | null; reps: number | null } = { kg: plan?.kg ?? null, reps: plan?.reps ?? null };
    for (let setNumber = 1; setNumber <= count; setNumber++) {
      const row = byNumber.get(setNumber) ?? { setNumber, kg: last.kg, reps: last.reps, rpe: null, kind: 'normal' as const, note: '', setId: null, source: 'planned' as const };
      // a warm-up's numbers are no suggestion for the working sets after it
      if (row.source !== 'planned' && row.kind !== 'warmup') last = { kg: row.kg, reps: row.reps };
      rows.push(row);
    }
    return { exerciseId, name: plan?.name ?? names.get(exerciseId) ?? 'Exercise', rows };
  });
}

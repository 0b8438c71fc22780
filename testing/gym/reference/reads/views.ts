// Test support for the gym read side's reference check (reads.ts): what the read rules share: an
// answer, plain calendar arithmetic, orders, the best set, and the shapes the routes show an
// exercise, a plan, a set and a workout in.
import { compareOptionalNames } from '../../../../domain/shared/names.ts';
import { type Account, counted, dayOf, type Exercise, type LiveWorkout, type LoggedSet, type Plan } from '../model.ts';

export type Expected = { readonly status: number; readonly body: unknown };
export const ok = (body: unknown): Expected => ({ status: 200, body });
export const NOT_FOUND: Expected = { status: 404, body: { code: 'NOT_FOUND' } };

/** Epley's formula (spec 000: "estimated one-rep max (Epley's formula)"). */
export const epley = (kg: number, reps: number): number => kg * (1 + reps / 30);

// ---- plain calendar arithmetic on YYYY-MM-DD dates ----
export const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** the first day of the week holding `date`, for weeks starting on `weekStart` (0 Sunday) */
export const weekStartOf = (date: string, weekStart: number): string => {
  let day = date;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== weekStart) day = addDays(day, -1);
  return day;
};

// ---- orders ----
export type Key = string | number;
/** compares by the keys in turn; a key's `desc` reverses it */
export const by =
  <T>(...keys: Array<[(item: T) => Key, 'asc' | 'desc']>) =>
  (a: T, b: T): number => {
    for (const [key, direction] of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  };
export const sorted = <T>(items: Iterable<T>, compare: (a: T, b: T) => number): T[] => [...items].sort(compare);
/**
 * by a name in the order a person reads a list (domain/shared/names.ts: Unicode's root collation,
 * which the server asks of PostgreSQL's ICU), a missing one last, then by the other keys
 */
export const byName =
  <T>(name: (item: T) => string | null, ...keys: Array<[(item: T) => Key, 'asc' | 'desc']>) =>
  (a: T, b: T): number =>
    compareOptionalNames(name(a), name(b)) || by(...keys)(a, b);

// ---- views ----
export const exerciseView = (exercise: Exercise) => ({ id: exercise.id, name: exercise.name, code: exercise.code, machineNumber: exercise.machineNumber, libraryId: exercise.libraryId });
export const nameOf = (account: Account, exerciseId: string): string | null => account.exercises.get(exerciseId)?.name ?? null;

export function planView(account: Account, plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    startDate: plan.startDate,
    active: account.activePlanId === plan.id,
    sourceId: plan.sourceId,
    days: plan.days.map((day, index) => ({
      id: day.id,
      ordinal: index + 1,
      title: day.title,
      slots: day.slots.map((slot) => ({ ...slot, exerciseName: nameOf(account, slot.exerciseId) })),
    })),
  };
}

/** "Every plan with its days and slots, the active one first"; then the latest block (start date, then the newest). */
export const plansInOrder = (account: Account): Plan[] =>
  sorted(account.plans.values(), by<Plan>([(p) => (p.id === account.activePlanId ? 0 : 1), 'asc'], [(p) => p.startDate, 'desc'], [(p) => p.created, 'desc']));

export function setView(account: Account, workoutId: string, set: LoggedSet) {
  return { ...historySet(account, set), sessionId: workoutId };
}
/** a workout's sets by exercise name, then set number */
export const setsInOrder = (account: Account, sets: readonly LoggedSet[]): LoggedSet[] =>
  sorted(sets, byName<LoggedSet>((s) => nameOf(account, s.exerciseId), [(s) => s.exerciseId, 'asc'], [(s) => s.setNumber, 'asc']));

export function workoutSummary(account: Account, workout: LiveWorkout) {
  // spec: a workout whose plan day was deleted keeps everything but the link to the day
  const day = workout.dayId === null ? null : dayOf(account, workout.dayId);
  return {
    id: workout.id,
    date: workout.date,
    planDayId: day ? workout.dayId : null,
    planId: day?.plan.id ?? null,
    planName: day?.plan.name ?? null,
    dayOrdinal: day?.ordinal ?? null,
    dayTitle: day?.day.title ?? null,
    title: workout.title,
    notes: workout.notes,
    startedAt: workout.startedAt,
    finishedAt: workout.finishedAt,
    setCount: workout.sets.length,
    // "the exercises it holds sets of, once each, by name as its sets are ordered"
    exerciseNames: [...new Set(setsInOrder(account, workout.sets).map((set) => set.exerciseId))].flatMap((id) => nameOf(account, id) ?? []),
    volumeKg: volumeOf(workout.sets.filter(counted)),
  };
}
export const workoutView = (account: Account, workout: LiveWorkout) => ({
  ...workoutSummary(account, workout),
  sets: setsInOrder(account, workout.sets).map((set) => setView(account, workout.id, set)),
});

/** volume: the sum of weight × reps (spec: "Derived values ... volume") of the sets given: callers leave warm-ups out */
export const volumeOf = (sets: ReadonlyArray<{ kg: number; reps: number }>): number => sets.reduce((sum, set) => sum + set.kg * set.reps, 0);

export const inRange = (date: string, range: Range): boolean => (range.from === undefined || date >= range.from) && (range.to === undefined || date <= range.to);
export type Range = { readonly from?: string; readonly to?: string };

/** newest first, the later start first within a day */
export const newestWorkoutFirst = by<LiveWorkout>([(w) => w.date, 'desc'], [(w) => w.startedAt, 'desc'], [(w) => w.id, 'desc']);

/** The best set: the highest estimated one-rep max, then the heavier, then the first; a set of 0 reps failed and is never best. */
export function bestSet<S extends { kg: number; reps: number }>(setsInOrder: readonly S[]): S | null {
  let best: S | null = null;
  for (const set of setsInOrder) {
    if (set.reps === 0) continue;
    if (!best || epley(set.kg, set.reps) > epley(best.kg, best.reps) || (epley(set.kg, set.reps) === epley(best.kg, best.reps) && set.kg > best.kg)) best = set;
  }
  return best;
}

/** a set as the routes show it, its exercise under today's name */
export function historySet(account: Account, set: LoggedSet) {
  const { id, exerciseId, setNumber, kg, reps, unit, rpe, kind, note } = set;
  return { id, exerciseId, exerciseName: nameOf(account, exerciseId), setNumber, kg, reps, unit, rpe, kind, note };
}

// Test support for the gym read side's reference check: what each GET route of the gym must answer
// for the commands folded so far (model.ts), computed with plain code. Each function is
// the executable statement of a read rule: spec 000 where it says, else the route's OpenAPI summary
// (quoted beside it) and docs/design.md; where both are silent, the order the route documents.
import {
  type Account,
  type CardioLog,
  counted,
  dayOf,
  type Exercise,
  foldWorkout,
  KG_PER_LB,
  type LiveWorkout,
  liveWorkouts,
  type LoggedSet,
  type Plan,
  type SetKind,
  type Unit,
  type WorkoutEvent,
  type WorkoutState,
} from './model.ts';

export type Expected = { readonly status: number; readonly body: unknown };
const ok = (body: unknown): Expected => ({ status: 200, body });
const NOT_FOUND: Expected = { status: 404, body: { code: 'NOT_FOUND' } };

/** Epley's formula (spec 000: "estimated one-rep max (Epley's formula)"). */
const epley = (kg: number, reps: number): number => kg * (1 + reps / 30);

// ---- plain calendar arithmetic on YYYY-MM-DD dates ----
const DAY_MS = 86_400_000;
const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** the first day of the week holding `date`, for weeks starting on `weekStart` (0 Sunday) */
export const weekStartOf = (date: string, weekStart: number): string => {
  let day = date;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== weekStart) day = addDays(day, -1);
  return day;
};

// ---- orders ----
type Key = string | number;
/** compares by the keys in turn; a key's `desc` reverses it */
const by =
  <T>(...keys: Array<[(item: T) => Key, 'asc' | 'desc']>) =>
  (a: T, b: T): number => {
    for (const [key, direction] of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  };
const sorted = <T>(items: Iterable<T>, compare: (a: T, b: T) => number): T[] => [...items].sort(compare);
/** names compare case-insensitively, as a person reads a list (the names here are single words of letters) */
const nameKey = (name: string | null | undefined): string => (name ?? '').toLowerCase();

// ---- views ----
const exerciseView = (exercise: Exercise) => ({ id: exercise.id, name: exercise.name, code: exercise.code, machineNumber: exercise.machineNumber, libraryId: exercise.libraryId });
const nameOf = (account: Account, exerciseId: string): string | null => account.exercises.get(exerciseId)?.name ?? null;

function planView(account: Account, plan: Plan) {
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
const plansInOrder = (account: Account): Plan[] =>
  sorted(account.plans.values(), by<Plan>([(p) => (p.id === account.activePlanId ? 0 : 1), 'asc'], [(p) => p.startDate, 'desc'], [(p) => p.created, 'desc']));

function setView(account: Account, workoutId: string, set: LoggedSet) {
  return { ...historySet(account, set), sessionId: workoutId };
}
/** a workout's sets by exercise name, then set number */
const setsInOrder = (account: Account, sets: readonly LoggedSet[]): LoggedSet[] =>
  sorted(sets, by<LoggedSet>([(s) => nameKey(nameOf(account, s.exerciseId)), 'asc'], [(s) => s.exerciseId, 'asc'], [(s) => s.setNumber, 'asc']));

function workoutSummary(account: Account, workout: LiveWorkout) {
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
const workoutView = (account: Account, workout: LiveWorkout) => ({
  ...workoutSummary(account, workout),
  sets: setsInOrder(account, workout.sets).map((set) => setView(account, workout.id, set)),
});

/** volume: the sum of weight × reps (spec: "Derived values ... volume") of the sets given: callers leave warm-ups out */
const volumeOf = (sets: ReadonlyArray<{ kg: number; reps: number }>): number => sets.reduce((sum, set) => sum + set.kg * set.reps, 0);

const inRange = (date: string, range: Range): boolean => (range.from === undefined || date >= range.from) && (range.to === undefined || date <= range.to);
export type Range = { readonly from?: string; readonly to?: string };

/** newest first, the later start first within a day */
const newestWorkoutFirst = by<LiveWorkout>([(w) => w.date, 'desc'], [(w) => w.startedAt, 'desc'], [(w) => w.id, 'desc']);

// ---- the routes ----

export const authConfig = (): Expected => ok({ inviteRequired: false });

/** GET /me: "the user with every setting" */
export const me = (account: Account): Expected => ok({ id: account.id, email: account.email, settings: account.settings, createdAt: account.createdAt });

/** GET /exercises: "The user's exercises by name, optionally only those whose name or code contains q" (case-insensitive, as names are) */
export function exercises(account: Account, q: string | null): Expected {
  const needle = q?.toLowerCase() ?? null;
  const matches = (exercise: Exercise) => needle === null || exercise.name.toLowerCase().includes(needle) || (exercise.code ?? '').toLowerCase().includes(needle);
  return ok(sorted([...account.exercises.values()].filter(matches), by<Exercise>([(e) => nameKey(e.name), 'asc'], [(e) => e.id, 'asc'])).map(exerciseView));
}

export function exercise(account: Account, id: string): Expected {
  const found = account.exercises.get(id);
  return found ? ok(exerciseView(found)) : NOT_FOUND;
}

/** GET /exercises/:id/history: "Every workout the exercise appeared in, newest first, with its best set, estimated one-rep max (Epley) and volume" */
export function exerciseHistory(account: Account, id: string): Expected {
  const found = account.exercises.get(id);
  if (!found) return NOT_FOUND;
  const workouts = sorted(liveWorkouts(account).filter((w) => w.sets.some((set) => set.exerciseId === id)), newestWorkoutFirst).map((workout) => {
    const sets = sorted(
      workout.sets.filter((set) => set.exerciseId === id),
      by<LoggedSet>([(s) => s.setNumber, 'asc']),
    ).map((set) => ({ id: set.id, setNumber: set.setNumber, kg: set.kg, reps: set.reps, kind: set.kind }));
    const best = bestSet(sets.filter(counted));
    return { sessionId: workout.id, date: workout.date, sets, bestSet: best, estimatedOneRepMaxKg: best ? epley(best.kg, best.reps) : null, volumeKg: volumeOf(sets.filter(counted)) };
  });
  return ok({ exercise: exerciseView(found), workouts });
}

/** The best set: the highest estimated one-rep max, then the heavier, then the first; a set of 0 reps failed and is never best. */
function bestSet<S extends { kg: number; reps: number }>(setsInOrder: readonly S[]): S | null {
  let best: S | null = null;
  for (const set of setsInOrder) {
    if (set.reps === 0) continue;
    if (!best || epley(set.kg, set.reps) > epley(best.kg, best.reps) || (epley(set.kg, set.reps) === epley(best.kg, best.reps) && set.kg > best.kg)) best = set;
  }
  return best;
}

export const plans = (account: Account): Expected => ok(plansInOrder(account).map((plan) => planView(account, plan)));

export function plan(account: Account, id: string): Expected {
  const found = account.plans.get(id);
  return found ? ok(planView(account, found)) : NOT_FOUND;
}

/** GET /sessions: "Workouts with at least one set, newest first, within an inclusive date range" */
export const workouts = (account: Account, range: Range): Expected =>
  ok(sorted(liveWorkouts(account).filter((w) => w.sets.length > 0 && inRange(w.date, range)), newestWorkoutFirst).map((w) => workoutSummary(account, w)));

export function workout(account: Account, id: string): Expected {
  const found = liveWorkouts(account).find((w) => w.id === id);
  return found ? ok(workoutView(account, found)) : NOT_FOUND;
}

export function set(account: Account, id: string): Expected {
  for (const w of liveWorkouts(account)) {
    const found = w.sets.find((s) => s.id === id);
    if (found) return ok(setView(account, w.id, found));
  }
  return NOT_FOUND;
}

export const machines = (account: Account): Expected =>
  ok(sorted(account.machines.values(), by<{ id: string; name: string }>([(m) => nameKey(m.name), 'asc'], [(m) => m.id, 'asc'])).map((m) => ({ id: m.id, name: m.name })));

/** GET /cardio/logs: "Cardio sessions within an inclusive date range, newest first" */
export const cardioLogs = (account: Account, range: Range): Expected =>
  ok(
    sorted([...account.cardioLogs.values()].filter((log) => inRange(log.date, range)), by<CardioLog>([(l) => l.date, 'desc'], [(l) => l.id, 'asc'])).map((log) => ({
      id: log.id,
      machineId: log.machineId,
      machineName: account.machines.get(log.machineId)?.name ?? null,
      date: log.date,
      minutes: log.minutes,
      distanceKm: log.distanceKm,
      calories: log.calories,
      level: log.level,
    })),
  );

/** GET /bodyweight: "Body-weight readings in kilograms, oldest first, within an inclusive date range" */
export const bodyweights = (account: Account, range: Range): Expected =>
  ok(sorted([...account.bodyweights].filter(([date]) => inRange(date, range)), by<[string, number]>([([date]) => date, 'asc'])).map(([date, kg]) => ({ date, kg })));

// ---- today and progress ----

/** the dates with at least one set that is no warm-up, up to the client's date: the days trained */
const trainedDates = (account: Account, upTo: string): Set<string> => new Set(liveWorkouts(account).filter((w) => w.sets.some(counted) && w.date <= upTo).map((w) => w.date));

/** The weight after one progression step: 2.5 kg, or 5 lb for a user of pounds (stepped from the weight shown to a thousandth of a pound). */
function nextStepKg(kg: number, unit: Unit): number {
  if (unit === 'kg') return kg + 2.5;
  return (Math.round((kg / KG_PER_LB) * 1000) / 1000 + 5) * KG_PER_LB;
}

/**
 * GET /home: "active plan, which day is next, days trained this week, last numbers and a progression
 * hint per exercise", as of the client's date. The next day follows the active plan's day trained
 * last (the newest workout of the plan with a set), Day 1 after the last day or when none was.
 */
export function home(account: Account, date: string): Expected {
  const weekStart = weekStartOf(date, account.settings.weekStart);
  const trained = [...trainedDates(account, date)].filter((day) => day >= weekStart).length;
  const base = { date, weekStart, weeklyGoal: account.settings.weeklyGoal, daysTrainedThisWeek: trained };
  const openWorkouts = openWorkoutsOf(account, date);
  const active = account.activePlanId === null ? null : account.plans.get(account.activePlanId)!;
  if (!active) return ok({ ...base, activePlan: null, nextDay: null, exercises: [], openWorkouts });
  const view = planView(account, active);
  const upToDate = liveWorkouts(account).filter((w) => w.date <= date && w.sets.length > 0);
  const [last] = sorted(upToDate.filter((w) => w.dayId !== null && active.days.some((day) => day.id === w.dayId)), newestWorkoutFirst);
  const lastOrdinal = last ? active.days.findIndex((day) => day.id === last.dayId) + 1 : 0;
  const nextDay = view.days.length === 0 ? null : view.days[lastOrdinal % view.days.length]!;
  const slots = view.days.flatMap((day) => day.slots);
  const exerciseIds = [...new Set(slots.map((slot) => slot.exerciseId))];
  const exercisesOfPlan = exerciseIds.map((exerciseId) => {
    const slot = slots.find((s) => s.exerciseId === exerciseId)!;
    // the last time the exercise was worked: warm-ups say nothing of what to lift next
    const worked = (s: LoggedSet) => s.exerciseId === exerciseId && counted(s);
    const [lastTime] = sorted(upToDate.filter((w) => w.sets.some(worked)), newestWorkoutFirst);
    if (!lastTime) return { exerciseId, exerciseName: slot.exerciseName, last: null, hint: { action: 'start', kg: null, reps: slot.repMin } };
    const sets = sorted(
      lastTime.sets.filter(worked),
      by<LoggedSet>([(s) => s.setNumber, 'asc']),
    );
    // increase when every target set was done at the top weight for the top of the range; else repeat it with one more rep
    const top = Math.max(...sets.map((s) => s.kg));
    const topSets = sets.filter((s) => s.kg === top);
    const reachedTop = topSets.length >= slot.targetSets && topSets.every((s) => s.reps >= slot.repMax);
    return {
      exerciseId,
      exerciseName: slot.exerciseName,
      last: { sessionId: lastTime.id, date: lastTime.date, sets: sets.map((s) => ({ setNumber: s.setNumber, kg: s.kg, reps: s.reps })) },
      hint: reachedTop
        ? { action: 'increase', kg: nextStepKg(top, account.settings.unit), reps: slot.repMin }
        : { action: 'repeat', kg: top, reps: Math.min(slot.repMax, Math.max(...topSets.map((s) => s.reps)) + 1) },
    };
  });
  return ok({ ...base, activePlan: view, nextDay, exercises: exercisesOfPlan, openWorkouts });
}

/**
 * GET /home's openWorkouts (issue 32): "the workouts of the client's date that have a set and are
 * not finished, the oldest started first", on whichever device they were started.
 */
function openWorkoutsOf(account: Account, date: string) {
  const open = liveWorkouts(account).filter((w) => w.date === date && w.sets.length > 0 && w.finishedAt === null);
  return sorted(open, by<LiveWorkout>([(w) => w.startedAt, 'asc'], [(w) => w.id, 'asc'])).map((w) => {
    const day = w.dayId === null ? null : dayOf(account, w.dayId);
    return { id: w.id, planDayId: w.dayId, dayOrdinal: day?.ordinal ?? null, dayTitle: day?.day.title ?? null, startedAt: w.startedAt, setCount: w.sets.length };
  });
}

type DatedSet = LoggedSet & { workoutId: string; date: string; startedAt: string };
/** every set but warm-ups up to the client's date, in the order they were lifted: date, the workout's start, the set number */
const setsUpTo = (account: Account, date: string): DatedSet[] =>
  sorted(
    liveWorkouts(account)
      .filter((w) => w.date <= date)
      .flatMap((w) => w.sets.filter(counted).map((set) => ({ ...set, workoutId: w.id, date: w.date, startedAt: w.startedAt }))),
    by<DatedSet>([(s) => s.date, 'asc'], [(s) => s.startedAt, 'asc'], [(s) => s.workoutId, 'asc'], [(s) => s.setNumber, 'asc']),
  );

export const STATS_WEEKS = 12;
export const RECENT_BESTS = 10;

/**
 * GET /stats: "goal, streak, 12 weeks, totals, recent personal bests, every exercise's record", as
 * of the client's date: nothing after it counts.
 */
export function stats(account: Account, date: string): Expected {
  const { weeklyGoal, weekStart } = account.settings;
  const sets = setsUpTo(account, date);
  const trained = trainedDates(account, date);
  const thisWeek = weekStartOf(date, weekStart);
  const daysIn = (week: string) => [...trained].filter((day) => day >= week && day <= addDays(week, 6)).length;
  const setsIn = (week: string) => sets.filter((s) => s.date >= week && s.date <= addDays(week, 6));
  // "consecutive weeks up to this one that met the goal; this week counts once it has"
  let streakWeeks = daysIn(thisWeek) >= weeklyGoal ? 1 : 0;
  for (let week = addDays(thisWeek, -7); daysIn(week) >= weeklyGoal; week = addDays(week, -7)) streakWeeks++;
  const weeks = Array.from({ length: STATS_WEEKS }, (_, i) => {
    const start = addDays(thisWeek, -7 * (STATS_WEEKS - 1 - i));
    return { weekStart: start, daysTrained: daysIn(start), sets: setsIn(start).length, volumeKg: volumeOf(setsIn(start)) };
  });
  const totals = { workouts: new Set(sets.map((s) => s.workoutId)).size, sets: sets.length, reps: sets.reduce((sum, s) => sum + s.reps, 0), volumeKg: volumeOf(sets) };

  // "sets that beat every earlier estimated one-rep max of their exercise, newest first"; the first
  // set of an exercise has nothing to beat, and a set of 0 reps is a failed attempt
  const bests: DatedSet[] = [];
  const bar = new Map<string, number>();
  for (const s of sets) {
    if (s.reps === 0) continue;
    const estimate = epley(s.kg, s.reps);
    const before = bar.get(s.exerciseId);
    if (before !== undefined && estimate > before) bests.push(s);
    bar.set(s.exerciseId, Math.max(before ?? estimate, estimate));
  }
  const recentPersonalBests = sorted(
    bests,
    by<DatedSet>([(s) => s.date, 'desc'], [(s) => s.startedAt, 'desc'], [(s) => s.workoutId, 'asc'], [(s) => s.setNumber, 'desc'], [(s) => s.exerciseId, 'asc']),
  )
    .slice(0, RECENT_BESTS)
    .map((s) => ({ exerciseId: s.exerciseId, exerciseName: nameOf(account, s.exerciseId), sessionId: s.workoutId, date: s.date, kg: s.kg, reps: s.reps, estimatedOneRepMaxKg: epley(s.kg, s.reps) }));

  const records = sorted(new Set(sets.map((s) => s.exerciseId)), by<string>([(id) => nameKey(nameOf(account, id)), 'asc'], [(id) => id, 'asc'])).map((exerciseId) => {
    const own = sets.filter((s) => s.exerciseId === exerciseId);
    const lifted = own.filter((s) => s.reps > 0);
    const best = bestSet(lifted);
    return {
      exerciseId,
      exerciseName: nameOf(account, exerciseId),
      best: best ? { sessionId: best.workoutId, date: best.date, kg: best.kg, reps: best.reps, estimatedOneRepMaxKg: epley(best.kg, best.reps) } : null,
      heaviestKg: lifted.length === 0 ? null : Math.max(...lifted.map((s) => s.kg)),
      sets: own.length,
      volumeKg: volumeOf(own),
    };
  });
  return ok({ date, weeklyGoal, streakWeeks, weeks, totals, recentPersonalBests, records });
}

// ---- export ----

/** GET /export: "everything the user entered as one JSON document, in kilograms" */
export function exportDocument(account: Account) {
  return {
    format: 1,
    unit: 'kg',
    user: me(account).body,
    exercises: exercises(account, null).body,
    plans: plans(account).body,
    workouts: sorted(liveWorkouts(account), by<LiveWorkout>([(w) => w.date, 'asc'], [(w) => w.startedAt, 'asc'], [(w) => w.id, 'asc'])).map((w) => workoutView(account, w)),
    bodyweights: bodyweights(account, {}).body,
    cardioMachines: machines(account).body,
    cardioLogs: cardioLogs(account, {}).body,
  };
}

/** a CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled */
const csvField = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** GET /export.csv: "one row per set, in the user's unit, the unit named in the header"; pounds to a thousandth */
export function exportCsv(account: Account): Expected {
  const unit = account.settings.unit;
  const document = exportDocument(account);
  const lines = [['date', 'session_id', 'plan', 'day', 'exercise', 'code', 'set_number', `weight_${unit}`, 'reps', 'rpe', 'set_type', 'note', 'title'].join(',')];
  for (const w of document.workouts) {
    const day = w.dayOrdinal === null ? null : `Day ${w.dayOrdinal}${w.dayTitle ? ` ${w.dayTitle}` : ''}`;
    for (const s of w.sets) {
      const weight = unit === 'kg' ? s.kg : Math.round((s.kg / KG_PER_LB) * 1000) / 1000;
      const code = account.exercises.get(s.exerciseId)?.code ?? null;
      lines.push([w.date, w.id, w.planName, day, s.exerciseName, code, s.setNumber, weight, s.reps, s.rpe, s.kind, s.note, w.title].map(csvField).join(','));
    }
  }
  return ok(`${lines.join('\r\n')}\r\n`);
}

// ---- a workout's history (docs/design.md, "History from the log") ----

type SetValues = { kg: number; reps: number; unit: Unit | null; rpe: number | null; kind: SetKind; note: string };
const valuesOf = (set: LoggedSet): SetValues => ({ kg: set.kg, reps: set.reps, unit: set.unit, rpe: set.rpe, kind: set.kind, note: set.note });
function historySet(account: Account, set: LoggedSet) {
  const { id, exerciseId, setNumber, kg, reps, unit, rpe, kind, note } = set;
  return { id, exerciseId, exerciseName: nameOf(account, exerciseId), setNumber, kg, reps, unit, rpe, kind, note };
}

/** What one event changed, told against the workout as it stood before it; exercise names are today's. */
function changeOf(account: Account, before: WorkoutState, event: WorkoutEvent): unknown {
  const sets = before.status === 'none' ? [] : before.sets;
  const find = (id: string) => sets.find((set) => set.id === id)!;
  switch (event.type) {
    case 'workout-started':
      return { kind: 'started', date: event.date, planDayId: event.planDayId };
    case 'workout-finished':
      return { kind: 'finished', finishedAt: event.at };
    case 'workout-reopened':
      return { kind: 'reopened' };
    case 'workout-notes-changed':
      return { kind: 'notes', notes: event.notes, previous: before.status === 'none' ? '' : before.notes };
    case 'workout-renamed':
      return { kind: 'renamed', title: event.title, previous: before.status === 'none' ? '' : before.title };
    case 'workout-deleted':
      return { kind: 'deleted' };
    case 'set-ticked': {
      const previous = sets.find((set) => set.id === event.set.id);
      return { kind: 'set-ticked', set: historySet(account, event.set), previous: previous ? valuesOf(previous) : null };
    }
    case 'set-corrected': {
      const previous = find(event.setId);
      return { kind: 'set-corrected', set: historySet(account, { ...previous, kg: event.kg, reps: event.reps, kind: event.kind, note: event.note }), previous: valuesOf(previous) };
    }
    case 'set-removed':
      return { kind: 'set-removed', set: historySet(account, find(event.setId)) };
    case 'sets-moved':
      return {
        kind: 'sets-moved',
        fromExerciseId: event.fromExerciseId,
        fromExerciseName: nameOf(account, event.fromExerciseId),
        toExerciseId: event.toExerciseId,
        toExerciseName: nameOf(account, event.toExerciseId),
        sets: event.moves.length,
      };
    case 'exercise-cleared':
      return { kind: 'exercise-checked', exerciseId: event.exerciseId, exerciseName: nameOf(account, event.exerciseId) };
  }
}

/** The recorded time of each event is the log's; the check reads it from the answer and holds it to the entries' order. */
export const AT = '(the time the log recorded)';

/** GET /sessions/:id/history: "Every change to a workout, newest first: when, what changed, and from which request and device" */
export function workoutHistory(account: Account, id: string): Expected {
  const workout = account.workouts.get(id);
  if (!workout) return NOT_FOUND;
  const entries = workout.log.map((logged, revision) => ({
    revision,
    at: AT,
    type: logged.event.type,
    // docs/design.md: workout events are written with schema version 3 since set-ticked gained madeAt
    schemaVersion: 3,
    requestId: logged.requestId,
    device: logged.device,
    change: changeOf(account, foldWorkout(workout.log.slice(0, revision)), logged.event),
  }));
  const state = foldWorkout(workout.log);
  return ok({ workoutId: id, date: state.status === 'none' ? '' : state.date, deleted: state.status === 'deleted', entries: entries.reverse() });
}

/** GET /sessions/:id/history/:revision: "The workout as it stood right after the change of this revision" */
export function workoutVersion(account: Account, id: string, revision: number, at: string): Expected {
  const workout = account.workouts.get(id);
  if (!workout || revision >= workout.log.length) return NOT_FOUND;
  const state = foldWorkout(workout.log.slice(0, revision + 1));
  if (state.status === 'none') return NOT_FOUND;
  return ok({
    workoutId: id,
    revision,
    at,
    date: state.date,
    finishedAt: state.finishedAt,
    title: state.title,
    notes: state.notes,
    deleted: state.status === 'deleted',
    sets: setsInOrder(account, state.sets).map((set) => historySet(account, set)),
  });
}

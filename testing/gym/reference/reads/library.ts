// Test support for the gym read side's reference check (reads.ts): the routes that list and show
// what the user keeps (the user, exercises and their history, plans, workouts, sets, cardio machines
// and sessions, bodyweight readings), and the export of all of it.
import { type Account, type CardioLog, counted, type Exercise, KG_PER_LB, type LiveWorkout, liveWorkouts, type LoggedSet } from '../model.ts';
import { bestSet, by, epley, exerciseView, type Expected, inRange, byName, newestWorkoutFirst, NOT_FOUND, ok, plansInOrder, planView, type Range, setView, sorted, volumeOf, workoutSummary, workoutView } from './views.ts';

export const authConfig = (): Expected => ok({ inviteRequired: false });

/** GET /me: "the user with every setting" */
export const me = (account: Account): Expected => ok({ id: account.id, email: account.email, settings: account.settings, createdAt: account.createdAt });

/** GET /exercises: "The user's exercises by name, optionally only those whose name or code contains q" (case-insensitive, as names are) */
export function exercises(account: Account, q: string | null): Expected {
  const needle = q?.toLowerCase() ?? null;
  const matches = (exercise: Exercise) => needle === null || exercise.name.toLowerCase().includes(needle) || (exercise.code ?? '').toLowerCase().includes(needle);
  return ok(sorted([...account.exercises.values()].filter(matches), byName<Exercise>((e) => e.name, [(e) => e.id, 'asc'])).map(exerciseView));
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
  ok(sorted(account.machines.values(), byName<{ id: string; name: string }>((m) => m.name, [(m) => m.id, 'asc'])).map((m) => ({ id: m.id, name: m.name })));

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

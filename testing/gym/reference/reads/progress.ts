// Test support for the gym read side's reference check (reads.ts): Today (GET /home) and the
// progress page (GET /stats): days trained, the next step's weight, weekly totals and personal bests.
import { type Account, counted, dayOf, KG_PER_LB, type LiveWorkout, liveWorkouts, type LoggedSet, type Unit } from '../model.ts';
import { addDays, bestSet, by, epley, type Expected, byName, nameOf, newestWorkoutFirst, ok, planView, sorted, volumeOf, weekStartOf } from './views.ts';

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

  const records = sorted(new Set(sets.map((s) => s.exerciseId)), byName<string>((id) => nameOf(account, id), [(id) => id, 'asc'])).map((exerciseId) => {
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

// The demo lifter's last twelve weeks, as pure data: a StrongLifts-like 5×5 three times a week, body
// weight about weekly, some cardio. Dated back from the day it is seeded, so the charts always show
// the last twelve weeks. ops/demo/gym.ts logs it through the gym's routes.
import { addDays, weekdayOf } from '../../domain/shared/calendar.ts';
import { type Template, TEMPLATES } from '../../ui/gym/plans/templates.ts';

export const WEEKS = 12;
/** Monday, Wednesday, Friday (0 = Sunday) */
const TRAINING_WEEKDAYS: readonly number[] = [1, 3, 5];

/** The 5×5 the gym app offers (ui/gym/plans/templates.ts): A (squat, bench, row) and B (squat, press, deadlift 1×5), alternating. */
export const FIVE_BY_FIVE: Template = fiveByFive();
function fiveByFive(): Template {
  const found = TEMPLATES.find((template) => template.id === '5x5');
  if (!found) throw new Error('the gym app has no 5×5 template');
  return found;
}

/**
 * Where each lift starts, and what the lifter can move for five at the first session and gains per
 * session of it: the weight climbs 2.5 kg a session until it passes what they can do, then stalls.
 */
const LIFTS: Readonly<Record<string, { readonly startKg: number; readonly ableKg: number; readonly gainKg: number }>> = {
  Squat: { startKg: 55, ableKg: 95, gainKg: 0.55 },
  'Bench Press': { startKg: 40, ableKg: 60, gainKg: 0.5 },
  'Barbell Row': { startKg: 40, ableKg: 70, gainKg: 0.5 },
  'Overhead Press': { startKg: 25, ableKg: 40, gainKg: 0.45 },
  Deadlift: { startKg: 80, ableKg: 118, gainKg: 0.4 },
};
function liftOf(exercise: string): { readonly startKg: number; readonly ableKg: number; readonly gainKg: number } {
  const lift = LIFTS[exercise];
  if (!lift) throw new Error(`the demo has no numbers for ${exercise}`);
  return lift;
}
const STEP_KG = 2.5;
/** StrongLifts: three sessions in a row short of 5×5 at one weight, and the next is 10 % lighter */
const FAILURES_BEFORE_DELOAD = 3;

export type DemoSet = { readonly kg: number; readonly reps: number };
export type DemoWorkout = {
  readonly date: string;
  /** the plan's day: 0 = A, 1 = B */
  readonly day: number;
  readonly lifts: readonly { readonly exercise: string; readonly sets: readonly DemoSet[] }[];
  readonly notes: string | null;
};
export type DemoCardio = { readonly machine: string; readonly date: string; readonly minutes: number; readonly distanceKm: number; readonly calories: number; readonly level: number | null };
export type GymHistory = {
  readonly workouts: readonly DemoWorkout[];
  readonly bodyWeights: readonly { readonly date: string; readonly kg: number }[];
  readonly machines: readonly string[];
  readonly cardio: readonly DemoCardio[];
};

/** The training days of the twelve weeks before `today`, oldest first, ending on the last one before it. */
export function trainingDates(today: string): string[] {
  const dates: string[] = [];
  for (let date = addDays(today, -1); dates.length < WEEKS * TRAINING_WEEKDAYS.length; date = addDays(date, -1)) {
    if (TRAINING_WEEKDAYS.includes(weekdayOf(date))) dates.push(date);
  }
  return dates.reverse();
}

const roundDown = (kg: number): number => Math.floor(kg / STEP_KG) * STEP_KG;

/** The reps of each set at `kg` for someone able to move `ableKg` for five: short on the later sets the further past it. */
function repsAt(kg: number, ableKg: number, sets: number): number[] {
  const over = kg - ableKg;
  if (over <= 0) return Array.from({ length: sets }, () => 5);
  if (sets === 1) return [over <= STEP_KG ? 4 : 3];
  const short = over <= STEP_KG ? [5, 5, 5, 4, 4] : over <= 2 * STEP_KG ? [5, 5, 4, 4, 3] : [5, 4, 4, 3, 3];
  return short.slice(0, sets);
}

export function gymHistory(today: string): GymHistory {
  const dates = trainingDates(today);
  const next = new Map<string, { kg: number; failures: number; sessions: number }>();
  const workouts = dates.map((date, index): DemoWorkout => {
    const day = index % FIVE_BY_FIVE.days.length;
    let short = false;
    let deloading = false;
    const lifts = FIVE_BY_FIVE.days[day]!.slots.map(({ exercise, sets: setCount }) => {
      const lift = liftOf(exercise);
      const progress = next.get(exercise) ?? { kg: lift.startKg, failures: 0, sessions: 0 };
      next.set(exercise, progress);
      const reps = repsAt(progress.kg, lift.ableKg + lift.gainKg * progress.sessions, setCount);
      const sets = reps.map((count) => ({ kg: progress.kg, reps: count }));
      progress.sessions += 1;
      if (reps.every((count) => count === 5)) {
        progress.kg += STEP_KG;
        progress.failures = 0;
      } else {
        short = true;
        progress.failures += 1;
        if (progress.failures === FAILURES_BEFORE_DELOAD) {
          progress.kg = roundDown(progress.kg * 0.9);
          progress.failures = 0;
          deloading = true;
        }
      }
      return { exercise, sets };
    });
    const notes = deloading ? 'Third miss at this weight: 10 % off next time and build back up.' : short ? 'Heavy today, missed a few reps. Same weight next time.' : null;
    return { date, day, lifts, notes };
  });
  // Mondays, before training; drifting down about 150 g a week with a week-to-week wobble
  const mondays = dates.filter((date) => weekdayOf(date) === 1);
  const wobble = [0.3, -0.2, 0.1, 0.4, -0.3, 0, 0.2, -0.1, 0.3, -0.2, 0.1, 0];
  const bodyWeights = mondays.map((date, week) => ({ date, kg: Math.round((84.2 - 0.15 * week + wobble[week % wobble.length]!) * 10) / 10 }));
  // a row after Wednesday's lifting, a run on the treadmill on Saturday, most weeks
  const cardio: DemoCardio[] = [];
  for (const [week, monday] of mondays.entries()) {
    cardio.push({ machine: 'Rower', date: addDays(monday, 2), minutes: 10, distanceKm: Math.round((2.2 + week * 0.03) * 100) / 100, calories: 110 + week * 2, level: 5 });
    if (week % 3 !== 2) {
      cardio.push({ machine: 'Treadmill', date: addDays(monday, 5), minutes: 25 + (week % 2) * 5, distanceKm: Math.round((4 + week * 0.1) * 10) / 10, calories: 260 + week * 6, level: null });
    }
  }
  return { workouts, bodyWeights, machines: ['Rower', 'Treadmill'], cardio: cardio.filter((log) => log.date < today) };
}

/** Epley, as the gym's history answers it: the best estimate of a workout's sets of one lift. */
export function bestEstimate(sets: readonly DemoSet[]): number {
  return Math.max(...sets.map((set) => set.kg * (1 + set.reps / 30)));
}

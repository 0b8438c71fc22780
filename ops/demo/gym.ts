// The demo lifter, added through the gym's own routes as the app adds a person's training: sign up,
// the 5×5 made from the app's template, then each workout started on its plan day, every set ticked
// and the workout finished, body weight and cardio logged.
import { addDays } from '../../domain/shared/calendar.ts';
import { exactEntry } from '../../ui/gym/exercises/exercise-match.ts';
import { planFromTemplate, templateExercises } from '../../ui/gym/plans/templates.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, type SeedOutcome } from './accounts.ts';
import { type DemoWorkout, FIVE_BY_FIVE, gymHistory, WEEKS } from './gym-history.ts';
import { type ServiceAddress, serviceClient, type ServiceClient } from './http.ts';
import type { Pages } from './pages.ts';

type Identified = { readonly id: string };
type Plan = Identified & { readonly days: readonly Identified[] };
type Exercise = Identified & { readonly name: string };

export type GymDemo = SeedOutcome & { readonly pages: Pages };

const WORKOUTS_AT_ONCE = 3;

/** The demo account's history, unless signing in shows an earlier run made it. */
export async function seedGym(address: ServiceAddress, today: string): Promise<GymDemo> {
  const gym = serviceClient(address);
  const credentials = { email: DEMO_LOGINS.gym, password: DEMO_PASSWORD };
  const signedIn = (await gym.call('POST', '/api/auth/login', credentials)).status === 200;
  if (!signedIn) {
    await gym.send('POST', '/api/auth/signup', credentials);
    await addHistory(gym, today);
  }
  return { app: 'gym', state: signedIn ? 'already there' : 'added', login: DEMO_LOGINS.gym, password: DEMO_PASSWORD, pages: await pagesOf(gym, today) };
}

async function addHistory(gym: ServiceClient, today: string): Promise<void> {
  const history = gymHistory(today);
  const exerciseIds = new Map<string, string>();
  for (const name of templateExercises(FIVE_BY_FIVE)) {
    const exercise = await gym.send<Exercise>('POST', '/api/exercises', { name, libraryId: exactEntry(name)?.id ?? null });
    exerciseIds.set(name, exercise.id);
  }
  const idOf = (exercise: string): string => exerciseIds.get(exercise) ?? '';
  const plan = await gym.send<Plan>('POST', '/api/plans', planFromTemplate(FIVE_BY_FIVE, exerciseIds, history.workouts[0]?.date ?? today));
  const logWorkout = async (workout: DemoWorkout): Promise<void> => {
    const started = await gym.send<Identified>('POST', '/api/sessions', { planDayId: plan.days[workout.day]?.id, date: workout.date });
    for (const lift of workout.lifts) {
      for (const [index, set] of lift.sets.entries()) {
        await gym.send('POST', `/api/sessions/${started.id}/sets`, { exerciseId: idOf(lift.exercise), setNumber: index + 1, kg: set.kg, reps: set.reps, unit: 'kg' });
      }
    }
    await gym.send('PATCH', `/api/sessions/${started.id}`, { finished: true, ...(workout.notes ? { notes: workout.notes } : {}) });
  };
  // a workout is a stream of its own: a few logged side by side, as phones would, keep the wait short
  const lanes = Array.from({ length: WORKOUTS_AT_ONCE }, (_, lane) => history.workouts.filter((_workout, index) => index % WORKOUTS_AT_ONCE === lane));
  await Promise.all(
    lanes.map(async (workouts) => {
      for (const workout of workouts) await logWorkout(workout);
    }),
  );
  for (const reading of history.bodyWeights) await gym.send('PUT', '/api/bodyweight', reading);
  const machineIds = new Map<string, string>();
  for (const name of history.machines) machineIds.set(name, (await gym.send<Identified>('POST', '/api/cardio/machines', { name })).id);
  for (const { machine, level, ...log } of history.cardio) {
    await gym.send('POST', '/api/cardio/logs', { machineId: machineIds.get(machine), ...log, ...(level === null ? {} : { level }) });
  }
}

/** The last workout, the squat and the plan, for the screens that show one. */
async function pagesOf(gym: ServiceClient, today: string): Promise<Pages> {
  const [workouts, exercises, plans] = await Promise.all([
    gym.send<Identified[]>('GET', `/api/sessions?from=${addDays(today, -7 * WEEKS)}&to=${today}`),
    gym.send<Exercise[]>('GET', '/api/exercises'),
    gym.send<Identified[]>('GET', '/api/plans'),
  ]);
  const squat = exercises.find((exercise) => exercise.name === 'Squat') ?? exercises[0];
  return {
    ...(workouts[0] ? { workout: { id: workouts[0].id } } : {}),
    ...(squat ? { exercises: { id: squat.id } } : {}),
    ...(plans[0] ? { plans: { id: plans[0].id } } : {}),
  };
}

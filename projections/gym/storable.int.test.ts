// Whatever the gym's command side accepts, its projection can store: commands made of any input the
// route schemas accept go through decide and the PostgreSQL log, and the real projector processes
// every event they wrote without an error.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'slonik';
import t from 'tap';
import { cardioLogBody, bodyweightBody, changeCardioLogBody, machineBody } from '../../command-api/gym/cardio.ts';
import { changeExerciseBody, createExerciseBody } from '../../command-api/gym/exercises.ts';
import { duplicatePlanBody, planDraftBody, revisePlanBody } from '../../command-api/gym/plans.ts';
import { settingsBody } from '../../command-api/gym/settings.ts';
import { workoutIdOf } from '../../command-api/gym/workout-ids.ts';
import { changeWorkoutBody, correctSetBody, startWorkoutBody, tickSetBody } from '../../command-api/gym/workouts.ts';
import { emailSchema } from '../../domain/accounts/credentials.ts';
import { decideUser, type UserCommand } from '../../domain/gym/user-decide.ts';
import { type LibraryCommand, decideLibrary, type PlanDraft } from '../../domain/gym/library-decide.ts';
import { libraryAggregate, libraryStream, type LibraryState } from '../../domain/gym/library.ts';
import { userAggregate, userStream } from '../../domain/gym/user.ts';
import { LAST_DATE } from '../../domain/shared/calendar.ts';
import { workoutAggregate, type WorkoutState, workoutStream } from '../../domain/gym/workout.ts';
import { decideWorkout, type WorkoutCommand } from '../../domain/gym/workout-decide.ts';
import { acceptedBy, attempt, storableLog } from '../../testing/projections/storable.ts';
import { gymProjection } from './index.ts';

const log = await storableLog(t, gymProjection);
const { commands } = log.core;

const scenario = fc.record({
  email: acceptedBy(emailSchema, fc.oneof(fc.emailAddress(), fc.emailAddress().map((email) => ` ${email.toUpperCase()}\u0000`))),
  settings: acceptedBy(settingsBody),
  exercises: fc.array(acceptedBy(createExerciseBody), { minLength: 2, maxLength: 2 }),
  exerciseChange: acceptedBy(changeExerciseBody),
  plan: acceptedBy(planDraftBody),
  revision: acceptedBy(revisePlanBody),
  duplicate: acceptedBy(duplicatePlanBody),
  machine: acceptedBy(machineBody),
  rename: acceptedBy(machineBody),
  cardio: acceptedBy(cardioLogBody),
  cardioChange: acceptedBy(changeCardioLogBody),
  bodyweight: acceptedBy(bodyweightBody),
  workout: acceptedBy(startWorkoutBody),
  tick: acceptedBy(tickSetBody),
  correction: acceptedBy(correctSetBody),
  workoutChange: acceptedBy(changeWorkoutBody),
});


/** The client's days and slots, pointed at exercises this user has (ids of the schema's shape, but real). */
function ownDraft<Draft extends Partial<PlanDraft>>(draft: Draft, exerciseIds: readonly string[]): Draft {
  if (!draft.days) return draft;
  const days = draft.days.map((day) => ({
    title: day.title,
    slots: day.slots.map((slot, index) => ({ ...slot, id: undefined, exerciseId: exerciseIds[index % exerciseIds.length]! })),
  }));
  return { ...draft, days };
}

t.test('every command the gym routes accept lands in the gym read tables', async (t) => {
  await fc.assert(
    fc.asyncProperty(scenario, async (input) => {
      const userId = randomUUID();
      const context = { userId, correlationId: randomUUID() };
      const now = new Date().toISOString();
      const user = (command: UserCommand) =>
        attempt(() => commands({ stream: userStream(userId), aggregate: userAggregate, decide: (state) => decideUser(command, state), context }));
      const library = async (command: LibraryCommand): Promise<LibraryState | null> =>
        (await attempt(() => commands({ stream: libraryStream(userId), aggregate: libraryAggregate, decide: (state) => decideLibrary(command, state), context })))?.state ?? null;
      const workout = async (id: string, command: WorkoutCommand): Promise<WorkoutState | null> =>
        (await attempt(() => commands({ stream: workoutStream(id), aggregate: workoutAggregate, decide: (state) => decideWorkout(command, state), context })))?.state ?? null;

      await user({ type: 'create-account', email: input.email, now });
      await user({ type: 'change-settings', changes: input.settings });

      const exerciseIds: string[] = [];
      for (const { name, code = null, machineNumber = null, libraryId = null } of input.exercises) {
        const id = randomUUID();
        await library({ type: 'create-exercise', id, name, fields: { code, machineNumber, libraryId } });
        exerciseIds.push(id);
      }
      const { name: newName, ...fields } = input.exerciseChange;
      await library({ type: 'change-exercise', id: exerciseIds[0]!, name: newName, fields });

      const planId = randomUUID();
      const planned = await library({ type: 'create-plan', id: planId, draft: ownDraft(input.plan, exerciseIds), newId: randomUUID });
      const { active, ...changes } = input.revision;
      await library({ type: 'revise-plan', id: planId, changes: ownDraft(changes, exerciseIds), activate: active === true, newId: randomUUID });
      await library({ type: 'duplicate-plan', sourceId: planId, id: randomUUID(), startDate: input.duplicate.date, name: input.duplicate.name ?? null, newId: randomUUID });

      const machineId = randomUUID();
      await library({ type: 'add-machine', id: machineId, name: input.machine.name });
      await library({ type: 'rename-machine', id: machineId, name: input.rename.name });
      const logId = randomUUID();
      const { distanceKm = null, calories = null, level = null, ...cardio } = input.cardio;
      await library({ type: 'log-cardio', id: logId, fields: { ...cardio, machineId, distanceKm, calories, level } });
      const cardioChange = input.cardioChange.machineId === undefined ? input.cardioChange : { ...input.cardioChange, machineId };
      await library({ type: 'change-cardio-log', id: logId, fields: cardioChange });
      // the API now refuses a future date, but readings of any date were recorded before it did: each must still be storable
      await library({ type: 'record-bodyweight', date: input.bodyweight.date, kg: input.bodyweight.kg, now: `${LAST_DATE}T00:00:00.000Z` });

      const planDayId = input.workout.planDayId === undefined || input.workout.planDayId === null ? null : (planned?.plans[planId]?.days[0]?.id ?? null);
      const workoutId = workoutIdOf(userId, planDayId, input.workout.date);
      await workout(workoutId, { type: 'start-workout', userId, planDayId, date: input.workout.date, now });
      const ticked = await workout(workoutId, { type: 'tick-set', userId, newSetId: randomUUID(), ...input.tick, unit: input.tick.unit ?? null, rpe: input.tick.rpe ?? null, exerciseId: exerciseIds[1]! });
      const setId = ticked?.status === 'open' ? Object.keys(ticked.sets)[0] : undefined;
      if (setId) await workout(workoutId, { type: 'correct-set', userId, setId, ...input.correction });
      await workout(workoutId, { type: 'change-workout', userId, ...input.workoutChange, now });
      if (await library({ type: 'merge-exercises', fromId: exerciseIds[1]!, intoId: exerciseIds[0]! })) {
        await workout(workoutId, { type: 'move-sets', userId, fromExerciseId: exerciseIds[1]!, toExerciseId: exerciseIds[0]! });
      }

      await log.settled();
    }),
    // a projector that stopped stays stopped: shrinking would only report its later victims
    { numRuns: 40, endOnFailure: true },
  );
  const counts = await Promise.all(
    ['users', 'exercises', 'plans', 'workouts', 'sets', 'cardio_logs', 'bodyweights'].map(async (table) => {
      const rows = await log.core.db.slonik.oneFirst(sql.unsafe`SELECT count(*)::int FROM ${sql.identifier(['gym', table])}`);
      return [table, Number(rows)] as const;
    }),
  );
  t.ok(counts.every(([, rows]) => rows >= 20), `read back: ${counts.map(([table, rows]) => `${rows} ${table}`).join(', ')}`);
});

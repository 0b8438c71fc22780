// Test support for the gym read side's reference check (steps.ts): the steps of the settings and
// of the exercise library: create, change, delete and merge an exercise.
import { type Account, addUse, append, liveWorkout, liveWorkouts, type LoggedSet, sameName, type WorkoutEvent } from '../model.ts';
import { actor, bodyOf, nothing, type Request, type Step } from './step.ts';

/** Set numbers after the target exercise's highest in the workout, in the moved sets' order (spec rule 3: "renumbers them"). */
function movesOf(sets: readonly LoggedSet[], fromId: string, intoId: string): Array<{ setId: string; setNumber: number }> {
  const highest = Math.max(0, ...sets.filter((set) => set.exerciseId === intoId).map((set) => set.setNumber));
  return sets
    .filter((set) => set.exerciseId === fromId)
    .sort((a, b) => a.setNumber - b.setNumber)
    .map((set, index) => ({ setId: set.id, setNumber: highest + index + 1 }));
}

const blank = (value: string | null): boolean => value === null || value === '';

/** the settings and the exercise library */
export type ExerciseCommand = Extract<Request, { kind: 'settings' | 'create-exercise' | 'change-exercise' | 'delete-exercise' | 'merge-exercise' }>;

export function exerciseStep(accounts: readonly [Account, Account], command: ExerciseCommand): Step {
  const { me, ref } = actor(accounts, command);
  switch (command.kind) {
    case 'settings': {
      const { kind: _kind, user: _user, ...patch } = command;
      return { method: 'PATCH', url: '/api/settings', body: patch, status: 200, commit: () => Object.assign(me.settings, patch) };
    }
    case 'create-exercise': {
      const existing = [...me.exercises.values()].find((exercise) => sameName(exercise.name, command.name));
      const body = { name: command.name, code: command.code };
      if (existing) return { method: 'POST', url: '/api/exercises', body, status: 200, id: existing.id, commit: nothing };
      return {
        method: 'POST',
        url: '/api/exercises',
        body,
        status: 201,
        commit: (answer) => {
          const id = bodyOf(answer).id as string;
          me.exercises.set(id, { id, name: command.name, code: command.code, machineNumber: null, libraryId: null });
          me.made.exercises.push(id);
        },
      };
    }
    case 'change-exercise': {
      const id = ref(command.exercise, 'exercises');
      const exercise = me.exercises.get(id);
      const { kind: _kind, user: _user, exercise: _exercise, ...body } = command;
      const url = `/api/exercises/${id}`;
      if (!exercise) return { method: 'PATCH', url, body, status: 404, commit: nothing };
      const { name } = command;
      if (name !== undefined && [...me.exercises.values()].some((other) => other.id !== id && sameName(other.name, name))) {
        return { method: 'PATCH', url, body, status: 409, commit: nothing };
      }
      return { method: 'PATCH', url, body, status: 200, commit: () => Object.assign(exercise, body) };
    }
    case 'delete-exercise': {
      const id = ref(command.exercise, 'exercises');
      const url = `/api/exercises/${id}`;
      if (!me.exercises.has(id)) return { method: 'DELETE', url, status: 404, commit: nothing };
      const inSlot = [...me.plans.values()].some((plan) => plan.days.some((day) => day.slots.some((slot) => slot.exerciseId === id)));
      const logged = liveWorkouts(me).some((workout) => workout.sets.some((set) => set.exerciseId === id));
      // spec: "an exercise used by a plan slot cannot be deleted", "an exercise with logged sets cannot be deleted"
      if (inSlot || logged) return { method: 'DELETE', url, status: 409, commit: nothing };
      return {
        method: 'DELETE',
        url,
        status: 204,
        commit: (answer) => {
          // every open workout the exercise entered is checked, and says so in its history
          for (const workoutId of me.uses.get(id) ?? []) {
            if (liveWorkout(me.workouts.get(workoutId)!)) append(me, workoutId, [{ type: 'exercise-cleared', exerciseId: id }], answer.requestId);
          }
          me.exercises.delete(id);
          me.uses.delete(id);
        },
      };
    }
    case 'merge-exercise': {
      const fromId = ref(command.from, 'exercises');
      const intoId = ref(command.into, 'exercises');
      const url = `/api/exercises/${fromId}/merge`;
      const body = { intoId };
      const from = me.exercises.get(fromId);
      const into = me.exercises.get(intoId);
      if (!from) return { method: 'POST', url, body, status: 404, commit: nothing };
      if (!into || from === into) return { method: 'POST', url, body, status: 400, commit: nothing };
      return {
        method: 'POST',
        url,
        body,
        status: 200,
        commit: (answer) => {
          // spec rule 3: A's sets move to B and are renumbered, plan slots repoint to B, B's blank fields are filled from A
          for (const key of ['code', 'machineNumber', 'libraryId'] as const) if (blank(into[key]) && !blank(from[key])) into[key] = from[key];
          for (const plan of me.plans.values()) for (const day of plan.days) for (const slot of day.slots) if (slot.exerciseId === fromId) slot.exerciseId = intoId;
          for (const workoutId of me.uses.get(fromId) ?? []) {
            const workout = liveWorkout(me.workouts.get(workoutId)!);
            if (!workout) continue;
            const moves = movesOf(workout.sets, fromId, intoId);
            const event: WorkoutEvent = moves.length > 0 ? { type: 'sets-moved', fromExerciseId: fromId, toExerciseId: intoId, moves } : { type: 'exercise-cleared', exerciseId: fromId };
            append(me, workoutId, [event], answer.requestId);
          }
          for (const workoutId of me.uses.get(fromId) ?? []) addUse(me, intoId, workoutId);
          me.uses.delete(fromId);
          me.exercises.delete(fromId);
        },
      };
    }
  }
}

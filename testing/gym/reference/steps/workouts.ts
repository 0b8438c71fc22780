// Test support for the gym read side's reference check (steps.ts): the steps of workouts and their
// sets: start (get-or-create), change, delete, tick, correct and remove a set.
import { type Account, addUse, append, dayOf, liveWorkout, liveWorkouts, setOf, type WorkoutEvent } from '../model.ts';
import { actor, bodyOf, nothing, pick, type Request, type Step } from './step.ts';

/** workouts and their sets */
export type WorkoutCommand = Extract<Request, { kind: 'start-workout' | 'change-workout' | 'delete-workout' | 'tick' | 'correct-set' | 'remove-set' }>;

export function workoutStep(accounts: readonly [Account, Account], command: WorkoutCommand): Step {
  const { me, ref } = actor(accounts, command);
  switch (command.kind) {
    case 'start-workout':
      return startWorkout(accounts, command);
    case 'change-workout': {
      const id = ref(command.workout, 'workouts');
      const known = me.workouts.get(id);
      const workout = known ? liveWorkout(known) : null;
      const body = {
        ...(command.finished === undefined ? {} : { finished: command.finished }),
        ...(command.title === undefined ? {} : { title: command.title }),
        ...(command.notes === undefined ? {} : { notes: command.notes }),
      };
      const url = `/api/sessions/${id}`;
      if (!workout) return { method: 'PATCH', url, body, status: 404, commit: nothing };
      return {
        method: 'PATCH',
        url,
        body,
        status: 200,
        commit: (answer) => {
          const events: WorkoutEvent[] = [];
          if (command.title !== undefined && command.title !== workout.title) events.push({ type: 'workout-renamed', title: command.title });
          if (command.notes !== undefined && command.notes !== workout.notes) events.push({ type: 'workout-notes-changed', notes: command.notes });
          // spec: a second finish keeps the first finish time
          if (command.finished === true && workout.finishedAt === null) events.push({ type: 'workout-finished', at: bodyOf(answer).finishedAt as string });
          if (command.finished === false && workout.finishedAt !== null) events.push({ type: 'workout-reopened' });
          append(me, id, events, answer.requestId);
        },
      };
    }
    case 'delete-workout': {
      const id = ref(command.workout, 'workouts');
      const known = me.workouts.get(id);
      const url = `/api/sessions/${id}`;
      if (!known || !liveWorkout(known)) return { method: 'DELETE', url, status: 404, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: (answer) => append(me, id, [{ type: 'workout-deleted' }], answer.requestId) };
    }
    case 'tick':
      return tick(accounts, command);
    case 'correct-set': {
      const id = ref(command.set, 'sets');
      const found = setOf(me, id);
      const body = {
        ...(command.kg === undefined ? {} : { kg: command.kg }),
        ...(command.reps === undefined ? {} : { reps: command.reps }),
        ...(command.setKind === undefined ? {} : { kind: command.setKind }),
        ...(command.note === undefined ? {} : { note: command.note }),
      };
      const url = `/api/sets/${id}`;
      if (!found) return { method: 'PATCH', url, body, status: 404, commit: nothing };
      const { kg = found.set.kg, reps = found.set.reps, setKind: kind = found.set.kind, note = found.set.note } = command;
      return {
        method: 'PATCH',
        url,
        body,
        status: 200,
        commit: (answer) => {
          const same = kg === found.set.kg && reps === found.set.reps && kind === found.set.kind && note === found.set.note;
          if (!same) append(me, found.workout.id, [{ type: 'set-corrected', setId: id, kg, reps, kind, note }], answer.requestId);
        },
      };
    }
    case 'remove-set': {
      const id = ref(command.set, 'sets');
      const found = setOf(me, id);
      const url = `/api/sets/${id}`;
      if (!found) return { method: 'DELETE', url, status: 404, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: (answer) => append(me, found.workout.id, [{ type: 'set-removed', setId: id }], answer.requestId) };
    }
  }
}

/**
 * POST /sessions is get-or-create on (user, plan day, date) (spec: "a repeated call with the same
 * key returns the existing workout"). A day-less call answers, besides its own workout, one whose
 * day was deleted since (docs/design.md, "The day-less get-or-create key after set null"): the
 * oldest of that date.
 */
function startWorkout(accounts: readonly [Account, Account], command: Extract<Request, { kind: 'start-workout' }>): Step {
  const me = accounts[command.user]!;
  const dayId = command.day === null ? null : pick(accounts, command.user, command.day, 'days');
  const body = { planDayId: dayId, date: command.date };
  // a day of another user, or of a plan that is gone, is not found
  if (dayId !== null && !dayOf(me, dayId)) return { method: 'POST', url: '/api/sessions', body, status: 404, commit: nothing };
  const key = `${dayId ?? ''}|${command.date}`;
  const own = me.keys.get(key);
  const ownLive = own === undefined ? null : liveWorkout(me.workouts.get(own)!);
  if (ownLive) return { method: 'POST', url: '/api/sessions', body, status: 200, id: ownLive.id, commit: nothing };
  if (dayId === null) {
    const unlinked = liveWorkouts(me)
      .filter((workout) => workout.dayId === null && workout.date === command.date)
      .sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : a.id < b.id ? -1 : 1));
    if (unlinked[0]) return { method: 'POST', url: '/api/sessions', body, status: 200, id: unlinked[0].id, commit: nothing };
  }
  return {
    method: 'POST',
    url: '/api/sessions',
    body,
    status: 201,
    ...(own === undefined ? {} : { id: own }),
    commit: (answer) => {
      const id = bodyOf(answer).id as string;
      me.keys.set(key, id);
      append(me, id, [{ type: 'workout-started', planDayId: dayId, date: command.date, startedAt: bodyOf(answer).startedAt as string }], answer.requestId);
    },
  };
}

/**
 * A tick upserts on (workout, exercise, set number) (spec: "never duplicates"; the same values again
 * change nothing). The workout and the exercise must both be the caller's.
 */
function tick(accounts: readonly [Account, Account], command: Extract<Request, { kind: 'tick' }>): Step {
  const me = accounts[command.user]!;
  const workoutId = pick(accounts, command.user, command.workout, 'workouts');
  const exerciseId = pick(accounts, command.user, command.exercise, 'exercises');
  const { setNumber, kg, reps } = command;
  const unit = command.unit ?? null;
  const rpe = command.rpe ?? null;
  const body = {
    exerciseId,
    setNumber,
    kg,
    reps,
    ...(command.unit === undefined ? {} : { unit: command.unit }),
    ...(command.rpe === undefined ? {} : { rpe: command.rpe }),
    ...(command.setKind === undefined ? {} : { kind: command.setKind }),
    ...(command.note === undefined ? {} : { note: command.note }),
  };
  const url = `/api/sessions/${workoutId}/sets`;
  const known = me.workouts.get(workoutId);
  const workout = known ? liveWorkout(known) : null;
  if (!workout) return { method: 'POST', url, body, status: 404, commit: nothing };
  const existing = workout.sets.find((set) => set.exerciseId === exerciseId && set.setNumber === setNumber);
  // a tick that leaves the kind or note out keeps the set's (an ordinary set with no note when new)
  const kind = command.setKind ?? existing?.kind ?? 'normal';
  const note = command.note ?? existing?.note ?? '';
  if (existing && existing.kg === kg && existing.reps === reps && existing.unit === unit && existing.rpe === rpe && existing.kind === kind && existing.note === note) {
    return { method: 'POST', url, body, status: 200, id: existing.id, commit: nothing };
  }
  if (!me.exercises.has(exerciseId)) return { method: 'POST', url, body, status: 404, commit: nothing };
  const entering = !workout.sets.some((set) => set.exerciseId === exerciseId);
  return {
    method: 'POST',
    url,
    body,
    status: existing ? 200 : 201,
    ...(existing ? { id: existing.id } : {}),
    commit: (answer) => {
      const id = existing?.id ?? (bodyOf(answer).id as string);
      if (!existing) me.made.sets.push(id);
      if (entering) addUse(me, exerciseId, workoutId);
      append(me, workoutId, [{ type: 'set-ticked', set: { id, exerciseId, setNumber, kg, reps, unit, rpe, kind, note } }], answer.requestId);
    },
  };
}

// Test support for the gym read side's reference check: each command of a sequence as the request it
// sends, the answer's status the spec calls for (with the id it must name, where one is known), and
// what it changes in the in-memory reference (model.ts). Written from spec 000, the routes'
// OpenAPI documents and docs/design.md, not from the product's code.
import type { Command, DraftDay, Ref } from './commands.ts';
import {
  type Account,
  addUse,
  append,
  type CardioLog,
  type Day,
  dayOf,
  liveWorkout,
  liveWorkouts,
  type LoggedSet,
  type Plan,
  sameName,
  setOf,
  unlinkDays,
  type WorkoutEvent,
} from './model.ts';

/** a command that is one request (a `session` is several) */
export type Request = Exclude<Command, { kind: 'session' }>;

export type Answer = { readonly status: number; readonly body: unknown; readonly requestId: string };
type Body = Record<string, unknown>;

export type Step = {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly body?: object;
  readonly status: number;
  /** the id the answer must carry (a get-or-create answering an existing workout) */
  readonly id?: string;
  /** applies the command to the reference, once the answer's status is the expected one */
  readonly commit: (answer: Answer) => void;
};

/** an id nobody was given: a reference to a kind its user has none of */
export const NOBODYS = '00000000-0000-4000-8000-000000000000';

const nothing = (): void => undefined;

/** Resolves a reference among what the acting user (or the other user) was ever given. */
const pick = (accounts: readonly [Account, Account], user: 0 | 1, ref: Ref, kind: keyof Account['made']): string => {
  const list = accounts[ref.other ? 1 - user : user]!.made[kind];
  return list.length === 0 ? NOBODYS : list[ref.n % list.length]!;
};

const bodyOf = (answer: Answer): Body => answer.body as Body;

/** The ids of the days and slots of a plan an answer shows. */
function daysFromAnswer(answer: Answer): Array<{ id: string; slots: Array<{ id: string }> }> {
  return bodyOf(answer).days as Array<{ id: string; slots: Array<{ id: string }> }>;
}

type DraftCheck = { body: Body[]; valid: boolean; drafted: Array<{ id: string | null; title: string | null; slots: Array<{ id: string | null; slot: Omit<Day['slots'][number], 'id'> }> }> };

/** A plan's days as the client sends them: a day or slot of the plan keeps its id, a new one has none; what the spec refuses. */
function draftDays(accounts: readonly [Account, Account], user: 0 | 1, days: readonly DraftDay[], existing: Plan | null): DraftCheck {
  const account = accounts[user]!;
  const existingSlots = existing ? existing.days.flatMap((day) => day.slots) : [];
  const seen = new Set<string>();
  let valid = true;
  const drafted: DraftCheck['drafted'] = [];
  const body = days.map((day) => {
    const dayId = day.keep !== null && existing && existing.days.length > 0 ? existing.days[day.keep % existing.days.length]!.id : null;
    if (dayId !== null) {
      // a day sent twice is not two days of the plan
      if (seen.has(dayId)) valid = false;
      seen.add(dayId);
    }
    const slots = day.slots.map((slot) => {
      const slotId = slot.keep !== null && existingSlots.length > 0 ? existingSlots[slot.keep % existingSlots.length]!.id : null;
      if (slotId !== null) {
        if (seen.has(slotId)) valid = false;
        seen.add(slotId);
      }
      const exerciseId = pick(accounts, user, slot.exercise, 'exercises');
      if (!account.exercises.has(exerciseId) || slot.repMin > slot.repMax) valid = false;
      return { id: slotId, slot: { exerciseId, targetSets: slot.targetSets, repMin: slot.repMin, repMax: slot.repMax, note: slot.note } };
    });
    drafted.push({ id: dayId, title: day.title, slots });
    return {
      ...(dayId === null ? {} : { id: dayId }),
      title: day.title,
      slots: slots.map(({ id, slot }) => ({ ...(id === null ? {} : { id }), ...slot })),
    };
  });
  return { body, valid, drafted };
}

/** The drafted days with the ids the answer gave the new ones, in the draft's order. */
const withIds = (drafted: DraftCheck['drafted'], answer: Answer): Day[] => {
  const given = daysFromAnswer(answer);
  return drafted.map((day, d) => ({
    id: day.id ?? given[d]!.id,
    title: day.title,
    slots: day.slots.map(({ id, slot }, s) => ({ id: id ?? given[d]!.slots[s]!.id, ...slot })),
  }));
};

function newPlan(account: Account, fields: Omit<Plan, 'created'>): void {
  account.plans.set(fields.id, { ...fields, created: account.plansCreated++ });
  account.made.plans.push(fields.id);
  for (const day of fields.days) account.made.days.push(day.id);
  // a new block is the active plan (spec: "POST /plans ... active plan"; a duplicate "as the next block")
  account.activePlanId = fields.id;
}

/** The plan that takes over when the active one is deleted: the latest block by start date, the newest of equals. */
function successor(account: Account): string | null {
  let best: Plan | null = null;
  for (const plan of account.plans.values()) {
    if (!best || plan.startDate > best.startDate || (plan.startDate === best.startDate && plan.created > best.created)) best = plan;
  }
  return best?.id ?? null;
}

/** Set numbers after the target exercise's highest in the workout, in the moved sets' order (spec rule 3: "renumbers them"). */
function movesOf(sets: readonly LoggedSet[], fromId: string, intoId: string): Array<{ setId: string; setNumber: number }> {
  const highest = Math.max(0, ...sets.filter((set) => set.exerciseId === intoId).map((set) => set.setNumber));
  return sets
    .filter((set) => set.exerciseId === fromId)
    .sort((a, b) => a.setNumber - b.setNumber)
    .map((set, index) => ({ setId: set.id, setNumber: highest + index + 1 }));
}

const blank = (value: string | null): boolean => value === null || value === '';

export function stepOf(accounts: readonly [Account, Account], command: Request): Step {
  const user = command.user;
  const me = accounts[user]!;
  const ref = (r: Ref, kind: keyof Account['made']) => pick(accounts, user, r, kind);
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
    case 'create-plan': {
      const draft = draftDays(accounts, user, command.days, null);
      const body = { name: command.name, startDate: command.startDate, days: draft.body };
      if (!draft.valid) return { method: 'POST', url: '/api/plans', body, status: 400, commit: nothing };
      return {
        method: 'POST',
        url: '/api/plans',
        body,
        status: 201,
        commit: (answer) => newPlan(me, { id: bodyOf(answer).id as string, name: command.name, startDate: command.startDate, sourceId: null, days: withIds(draft.drafted, answer) }),
      };
    }
    case 'edit-plan': {
      const id = ref(command.plan, 'plans');
      const plan = me.plans.get(id) ?? null;
      const draft = command.days === undefined ? null : draftDays(accounts, user, command.days, plan);
      const body = {
        ...(command.name === undefined ? {} : { name: command.name }),
        ...(command.startDate === undefined ? {} : { startDate: command.startDate }),
        ...(draft === null ? {} : { days: draft.body }),
        ...(command.active === undefined ? {} : { active: command.active }),
      };
      const url = `/api/plans/${id}`;
      if (!plan) return { method: 'PATCH', url, body, status: 404, commit: nothing };
      if (draft && !draft.valid) return { method: 'PATCH', url, body, status: 400, commit: nothing };
      return {
        method: 'PATCH',
        url,
        body,
        status: 200,
        commit: (answer) => {
          if (command.name !== undefined) plan.name = command.name;
          if (command.startDate !== undefined) plan.startDate = command.startDate;
          if (draft) {
            // days and slots keep their ids, so a workout in progress continues (spec: PATCH /plans/:id)
            const days = withIds(draft.drafted, answer);
            const kept = new Set(days.map((day) => day.id));
            unlinkDays(me, plan.days.map((day) => day.id).filter((dayId) => !kept.has(dayId)));
            for (const day of days) if (!me.made.days.includes(day.id)) me.made.days.push(day.id);
            plan.days = days;
          }
          if (command.active) me.activePlanId = plan.id;
        },
      };
    }
    case 'duplicate-plan': {
      const id = ref(command.plan, 'plans');
      const source = me.plans.get(id);
      const body = { date: command.date, ...(command.name === undefined ? {} : { name: command.name }) };
      const url = `/api/plans/${id}/duplicate`;
      if (!source) return { method: 'POST', url, body, status: 404, commit: nothing };
      return {
        method: 'POST',
        url,
        body,
        status: 201,
        commit: (answer) => {
          // the copy's days and slots are the source's, under new ids
          const given = daysFromAnswer(answer);
          const days = source.days.map((day, d) => ({ id: given[d]!.id, title: day.title, slots: day.slots.map((slot, s) => ({ ...slot, id: given[d]!.slots[s]!.id })) }));
          newPlan(me, { id: bodyOf(answer).id as string, name: command.name ?? source.name, startDate: command.date, sourceId: source.id, days });
        },
      };
    }
    case 'delete-plan': {
      const id = ref(command.plan, 'plans');
      const plan = me.plans.get(id);
      const url = `/api/plans/${id}`;
      if (!plan) return { method: 'DELETE', url, status: 404, commit: nothing };
      return {
        method: 'DELETE',
        url,
        status: 204,
        commit: () => {
          // spec: deleting a plan never deletes what was lifted; the workout loses its link to the day
          unlinkDays(me, plan.days.map((day) => day.id));
          me.plans.delete(id);
          if (me.activePlanId === id) me.activePlanId = successor(me);
        },
      };
    }
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
    case 'record-bodyweight': {
      // spec: one reading per day; the same day again overwrites. A date after the UTC date 14 hours
      // from now (the time zone furthest ahead) is in the future everywhere: refused (issue 37)
      const body = { date: command.date, kg: command.kg };
      if (command.date > new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10)) return { method: 'PUT', url: '/api/bodyweight', body, status: 400, commit: nothing };
      return { method: 'PUT', url: '/api/bodyweight', body, status: 200, commit: () => void me.bodyweights.set(command.date, command.kg) };
    }
    case 'remove-bodyweight': {
      const url = `/api/bodyweight/${command.date}`;
      if (!me.bodyweights.has(command.date)) return { method: 'DELETE', url, status: 404, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: () => void me.bodyweights.delete(command.date) };
    }
    case 'add-machine': {
      const body = { name: command.name };
      // spec: a machine's name is unique per user
      if ([...me.machines.values()].some((machine) => sameName(machine.name, command.name))) return { method: 'POST', url: '/api/cardio/machines', body, status: 409, commit: nothing };
      return {
        method: 'POST',
        url: '/api/cardio/machines',
        body,
        status: 201,
        commit: (answer) => {
          const id = bodyOf(answer).id as string;
          me.machines.set(id, { id, name: command.name });
          me.made.machines.push(id);
        },
      };
    }
    case 'rename-machine': {
      const id = ref(command.machine, 'machines');
      const machine = me.machines.get(id);
      const body = { name: command.name };
      const url = `/api/cardio/machines/${id}`;
      if (!machine) return { method: 'PATCH', url, body, status: 404, commit: nothing };
      if ([...me.machines.values()].some((other) => other.id !== id && sameName(other.name, command.name))) return { method: 'PATCH', url, body, status: 409, commit: nothing };
      return { method: 'PATCH', url, body, status: 200, commit: () => void (machine.name = command.name) };
    }
    case 'remove-machine': {
      const id = ref(command.machine, 'machines');
      const url = `/api/cardio/machines/${id}`;
      if (!me.machines.has(id)) return { method: 'DELETE', url, status: 404, commit: nothing };
      // spec: a machine with logged sessions refuses deletion
      if ([...me.cardioLogs.values()].some((log) => log.machineId === id)) return { method: 'DELETE', url, status: 409, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: () => void me.machines.delete(id) };
    }
    case 'log-cardio': {
      const machineId = ref(command.machine, 'machines');
      const { distanceKm, calories, level } = command;
      const body = {
        machineId,
        date: command.date,
        minutes: command.minutes,
        ...(distanceKm === undefined ? {} : { distanceKm }),
        ...(calories === undefined ? {} : { calories }),
        ...(level === undefined ? {} : { level }),
      };
      if (!me.machines.has(machineId)) return { method: 'POST', url: '/api/cardio/logs', body, status: 400, commit: nothing };
      return {
        method: 'POST',
        url: '/api/cardio/logs',
        body,
        status: 201,
        commit: (answer) => {
          const id = bodyOf(answer).id as string;
          me.cardioLogs.set(id, { id, machineId, date: command.date, minutes: command.minutes, distanceKm: distanceKm ?? null, calories: calories ?? null, level: level ?? null });
          me.made.cardioLogs.push(id);
        },
      };
    }
    case 'change-cardio': {
      const id = ref(command.log, 'cardioLogs');
      const log = me.cardioLogs.get(id);
      const machineId = command.machine === undefined ? undefined : ref(command.machine, 'machines');
      const change: Partial<CardioLog> = {
        ...(machineId === undefined ? {} : { machineId }),
        ...(command.date === undefined ? {} : { date: command.date }),
        ...(command.minutes === undefined ? {} : { minutes: command.minutes }),
        ...(command.distanceKm === undefined ? {} : { distanceKm: command.distanceKm }),
      };
      const url = `/api/cardio/logs/${id}`;
      if (!log) return { method: 'PATCH', url, body: change, status: 404, commit: nothing };
      if (machineId !== undefined && !me.machines.has(machineId)) return { method: 'PATCH', url, body: change, status: 400, commit: nothing };
      return { method: 'PATCH', url, body: change, status: 200, commit: () => void Object.assign(log, change) };
    }
    case 'remove-cardio': {
      const id = ref(command.log, 'cardioLogs');
      const url = `/api/cardio/logs/${id}`;
      if (!me.cardioLogs.has(id)) return { method: 'DELETE', url, status: 404, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: () => void me.cardioLogs.delete(id) };
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

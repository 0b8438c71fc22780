// Test support for the gym read side's reference check (steps.ts): the steps of plans: create,
// edit (days and slots kept by id), duplicate and delete.
import type { DraftDay } from '../commands.ts';
import { type Account, type Day, type Plan, unlinkDays } from '../model.ts';
import { actor, type Answer, type Body, bodyOf, nothing, pick, type Request, type Step } from './step.ts';

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

/** the plans */
export type PlanCommand = Extract<Request, { kind: 'create-plan' | 'edit-plan' | 'duplicate-plan' | 'delete-plan' }>;

export function planStep(accounts: readonly [Account, Account], command: PlanCommand): Step {
  const { user, me, ref } = actor(accounts, command);
  switch (command.kind) {
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
  }
}

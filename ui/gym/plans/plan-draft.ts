// The plan editor's form state and what it sends: pure, so its rules are unit-tested in node.
// Numbers stay text while typed; a word is refused here, the spec's bounds by the API in its words.
import type { Plan, PlanRevision } from '../gym-api.ts';

export type SlotDraft = { readonly key: string; readonly id?: string; readonly exerciseId: string; readonly targetSets: string; readonly repMin: string; readonly repMax: string; readonly note: string };
export type DayDraft = { readonly key: string; readonly id?: string; readonly title: string; readonly slots: readonly SlotDraft[] };
export type PlanEdit = { readonly name: string; readonly days: readonly DayDraft[] };

export function editOf(plan: Plan): PlanEdit {
  return {
    name: plan.name,
    days: plan.days.map((day) => ({
      key: day.id,
      id: day.id,
      title: day.title ?? '',
      slots: day.slots.map((slot) => ({
        key: slot.id,
        id: slot.id,
        exerciseId: slot.exerciseId,
        targetSets: String(slot.targetSets),
        repMin: String(slot.repMin),
        repMax: String(slot.repMax),
        note: slot.note ?? '',
      })),
    })),
  };
}

/** The list with the item at `index` moved by `by` places; unchanged when that leaves the list. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

const whole = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** The body of PATCH /plans/:id, or the first field that is not a whole number (named as the form names it). */
export function revisionOf(edit: PlanEdit): PlanRevision | string {
  const days: PlanRevision['days'] = [];
  for (const [d, day] of edit.days.entries()) {
    const slots: PlanRevision['days'][number]['slots'] = [];
    for (const [s, slot] of day.slots.entries()) {
      const where = `Day ${d + 1}, exercise ${s + 1}`;
      const targetSets = whole(slot.targetSets);
      const repMin = whole(slot.repMin);
      const repMax = whole(slot.repMax);
      if (targetSets === null) return `${where}: sets must be a whole number.`;
      if (repMin === null || repMax === null) return `${where}: reps must be whole numbers.`;
      slots.push({ ...(slot.id ? { id: slot.id } : {}), exerciseId: slot.exerciseId, targetSets, repMin, repMax, note: slot.note.trim() === '' ? null : slot.note });
    }
    days.push({ ...(day.id ? { id: day.id } : {}), title: day.title.trim() === '' ? null : day.title, slots });
  }
  return { name: edit.name, days };
}

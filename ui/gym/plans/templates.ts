// The well-known programmes a plan can start from, and the plan each becomes: pure, unit-tested in node.

export type TemplateSlot = { readonly exercise: string; readonly sets: number; readonly repMin: number; readonly repMax: number };
export type Template = { readonly id: string; readonly name: string; readonly summary: string; readonly days: readonly { readonly title: string; readonly slots: readonly TemplateSlot[] }[] };

const slot = (exercise: string, sets: number, repMin: number, repMax = repMin): TemplateSlot => ({ exercise, sets, repMin, repMax });

/** Well-known programmes shipped with the client; the server only ever sees the plan they become. */
export const TEMPLATES: readonly Template[] = [
  {
    id: '5x5',
    name: '5×5',
    summary: 'Two alternating days of five sets of five on the big barbell lifts.',
    days: [
      { title: 'A', slots: [slot('Squat', 5, 5), slot('Bench Press', 5, 5), slot('Barbell Row', 5, 5)] },
      { title: 'B', slots: [slot('Squat', 5, 5), slot('Overhead Press', 5, 5), slot('Deadlift', 1, 5)] },
    ],
  },
  {
    id: 'ppl',
    name: 'Push / pull / legs',
    summary: 'Three days: pressing, pulling, then legs.',
    days: [
      { title: 'Push', slots: [slot('Bench Press', 4, 6, 10), slot('Overhead Press', 3, 8, 12), slot('Triceps Pushdown', 3, 10, 15)] },
      { title: 'Pull', slots: [slot('Deadlift', 3, 5), slot('Pull-up', 3, 6, 10), slot('Barbell Row', 3, 8, 12), slot('Biceps Curl', 3, 10, 15)] },
      { title: 'Legs', slots: [slot('Squat', 4, 6, 10), slot('Romanian Deadlift', 3, 8, 12), slot('Leg Press', 3, 10, 15), slot('Calf Raise', 3, 12, 20)] },
    ],
  },
  {
    id: 'upper-lower',
    name: 'Upper / lower',
    summary: 'Two days: the upper body, then the lower body.',
    days: [
      { title: 'Upper', slots: [slot('Bench Press', 4, 6, 8), slot('Barbell Row', 4, 6, 8), slot('Overhead Press', 3, 8, 10), slot('Pull-up', 3, 8, 10)] },
      { title: 'Lower', slots: [slot('Squat', 4, 6, 8), slot('Romanian Deadlift', 3, 8, 10), slot('Leg Press', 3, 10, 12), slot('Calf Raise', 3, 12, 15)] },
    ],
  },
];

/** Every exercise a template names, once each, in the order first met. */
export function templateExercises(template: Template): string[] {
  return [...new Set(template.days.flatMap((day) => day.slots.map((each) => each.exercise)))];
}

export type PlanDraft = {
  readonly name: string;
  readonly startDate: string;
  readonly days: { readonly title: string; readonly slots: { readonly exerciseId: string; readonly targetSets: number; readonly repMin: number; readonly repMax: number }[] }[];
};

/** The plan a template becomes, given the id of each of its exercises (by name). */
export function planFromTemplate(template: Template, exerciseIds: ReadonlyMap<string, string>, startDate: string): PlanDraft {
  return {
    name: template.name,
    startDate,
    days: template.days.map((day) => ({
      title: day.title,
      slots: day.slots.map((each) => {
        const exerciseId = exerciseIds.get(each.exercise);
        if (!exerciseId) throw new Error(`no exercise id for ${each.exercise}`);
        return { exerciseId, targetSets: each.sets, repMin: each.repMin, repMax: each.repMax };
      }),
    })),
  };
}

import t from 'tap';
import { PLAN_BOUNDS } from '../../../domain/gym/bounds.ts';
import { planFromTemplate, TEMPLATES, templateExercises } from './templates.ts';

t.test('every template stays within the plan bounds and becomes a plan with its exercise ids', async (t) => {
  for (const template of TEMPLATES) {
    t.ok(template.days.length >= 1 && template.days.length <= PLAN_BOUNDS.days, `${template.id}: 1 to ${PLAN_BOUNDS.days} days`);
    for (const day of template.days) {
      t.ok(day.slots.length <= PLAN_BOUNDS.slotsPerDay);
      const [fewest, most] = PLAN_BOUNDS.sets;
      const [low, high] = PLAN_BOUNDS.reps;
      for (const each of day.slots) t.ok(each.sets >= fewest && each.sets <= most && each.repMin >= low && each.repMin <= each.repMax && each.repMax <= high, `${template.id} ${each.exercise}`);
    }
  }
  const fiveByFive = TEMPLATES.find((template) => template.id === '5x5')!;
  const names = templateExercises(fiveByFive);
  t.same(names, ['Squat', 'Bench Press', 'Barbell Row', 'Overhead Press', 'Deadlift'], 'each exercise once');
  const ids = new Map(names.map((name, index) => [name, `id-${index}`]));
  const plan = planFromTemplate(fiveByFive, ids, '2026-03-02');
  t.same(plan.days[1], {
    title: 'B',
    slots: [
      { exerciseId: 'id-0', targetSets: 5, repMin: 5, repMax: 5 },
      { exerciseId: 'id-3', targetSets: 5, repMin: 5, repMax: 5 },
      { exerciseId: 'id-4', targetSets: 1, repMin: 5, repMax: 5 },
    ],
  });
  t.equal(plan.startDate, '2026-03-02');
  t.throws(() => planFromTemplate(fiveByFive, new Map(), '2026-03-02'), /Squat/);
});

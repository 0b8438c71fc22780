import { KG_PER_LB } from '../../../domain/gym/units.ts';
import type { Export } from './read-export.ts';

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, and its quotes doubled. A text
 * starting with = + - @ tab or return would run as a formula in a spreadsheet (OWASP CSV
 * injection): it gets a leading apostrophe and is quoted. Numbers are ours and never negative.
 */
export function csvField(value: string | number | null): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return '';
  const formula = /^[=+\-@\t\r]/.test(value);
  const text = formula ? `'${value}` : value;
  return formula || /[",\r\n]/.test(text) || text.trim() !== text ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Display only: the stored kilograms are never touched; pounds are shown to a thousandth. */
export function displayWeight(kg: number, unit: 'kg' | 'lb'): number {
  return unit === 'kg' ? kg : Math.round((kg / KG_PER_LB) * 1000) / 1000;
}

export function exportCsv(data: Export): string {
  const unit = data.user.settings.unit;
  // set_type, note and title came later (issue 33): at the end, so a reader of the older columns reads on
  const header = ['date', 'session_id', 'plan', 'day', 'exercise', 'code', 'set_number', `weight_${unit}`, 'reps', 'rpe', 'set_type', 'note', 'title'];
  const codes = new Map(data.exercises.map((exercise) => [exercise.id, exercise.code]));
  const lines = [header.join(',')];
  for (const workout of data.workouts) {
    for (const set of workout.sets) {
      const day = workout.dayOrdinal === null ? null : `Day ${workout.dayOrdinal}${workout.dayTitle ? ` ${workout.dayTitle}` : ''}`;
      lines.push(
        [
          ...[workout.date, workout.id, workout.planName, day, set.exerciseName, codes.get(set.exerciseId) ?? null, set.setNumber],
          ...[displayWeight(set.kg, unit), set.reps, set.rpe, set.kind, set.note, workout.title],
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

// Turning the text OCR read from another tracker's screenshot into exercises and sets the user
// confirms. Pure, so every line shape is unit-tested; OCR noise (× read as x or X, "kg" glued to the
// number, a decimal comma, stray bullets) is tolerated, and a line that is no set is left out.
import { shownToKg, type Unit } from './model.ts';

export type ParsedSet = { readonly kg: number; readonly reps: number };
export type ParsedExercise = { readonly name: string; readonly sets: readonly ParsedSet[] };
export type Parsed = { readonly exercises: readonly ParsedExercise[]; /** lines that were no set */ readonly skipped: readonly string[] };

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const UNIT = String.raw`\s*(kg|kgs|lb|lbs)?`;
const TIMES = String.raw`\s*[x×X*]\s*`;
const NAME = String.raw`([A-Za-z][A-Za-z'’\- ]*?[A-Za-z)])`;
// "Squat 3 x 5 @ 100 kg": sets × reps at a weight
const SETS_REPS_WEIGHT = new RegExp(String.raw`^${NAME}\s*[:\-–]?\s+(\d{1,2})${TIMES}(\d{1,3})\s*(?:@|at)\s*${NUMBER}${UNIT}$`, 'i');
// "Bench Press 80kg x 8": one set, weight × reps
const WEIGHT_REPS = new RegExp(String.raw`^${NAME}\s*[:\-–]?\s+${NUMBER}${UNIT}${TIMES}(\d{1,3})(?:\s*reps?)?$`, 'i');
// "Pull-up 3 x 10": sets × reps with no weight (the body's own)
const SETS_REPS = new RegExp(String.raw`^${NAME}\s*[:\-–]?\s+(\d{1,2})${TIMES}(\d{1,3})(?:\s*reps?)?$`, 'i');

const number = (text: string) => Number(text.replace(',', '.'));
const unitOf = (written: string | undefined, fallback: Unit): Unit => (written ? (written.toLowerCase().startsWith('lb') ? 'lb' : 'kg') : fallback);
const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim();

/** One line as a named run of sets; null when the line is no set. A weight with no unit is in `unit`. */
export function parseLine(line: string, unit: Unit): ParsedExercise | null {
  const text = line
    .replace(/^[\s•·*\-–>|]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  let found = SETS_REPS_WEIGHT.exec(text);
  if (found) {
    const [, name, sets, reps, weight, written] = found as unknown as [string, string, string, string, string, string | undefined];
    const set = { kg: shownToKg(number(weight), unitOf(written, unit)), reps: Number(reps) };
    return valid(name, Number(sets), set);
  }
  found = WEIGHT_REPS.exec(text);
  if (found) {
    const [, name, weight, written, reps] = found as unknown as [string, string, string, string | undefined, string];
    // "Pull-up 3 x 10" is three sets of ten, not 3 kg: a small whole number with no unit counts sets
    const countsSets = !written && /^\d+$/.test(weight) && Number(weight) <= 10;
    if (!countsSets) return valid(name, 1, { kg: shownToKg(number(weight), unitOf(written, unit)), reps: Number(reps) });
  }
  found = SETS_REPS.exec(text);
  if (found) {
    const [, name, sets, reps] = found as unknown as [string, string, string, string];
    return valid(name, Number(sets), { kg: 0, reps: Number(reps) });
  }
  return null;
}

function valid(name: string, count: number, set: ParsedSet): ParsedExercise | null {
  // the API's bounds: a set has 1 to 1000 reps; more than 20 sets in one line is a misread
  if (count < 1 || count > 20 || set.reps < 1 || set.reps > 1000 || !(set.kg >= 0 && set.kg <= 1000)) return null;
  return { name: cleanName(name), sets: Array.from({ length: count }, () => set) };
}

/** Every line of the text; the sets of one exercise (by name, any case) gathered in the order first met. */
export function parseWorkoutText(text: string, unit: Unit): Parsed {
  const byName = new Map<string, { name: string; sets: ParsedSet[] }>();
  const skipped: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const parsed = parseLine(line, unit);
    if (!parsed) {
      skipped.push(line.trim());
      continue;
    }
    const key = parsed.name.toLowerCase();
    const before = byName.get(key);
    if (before) before.sets.push(...parsed.sets);
    else byName.set(key, { name: parsed.name, sets: [...parsed.sets] });
  }
  return { exercises: [...byName.values()], skipped };
}

// Turning the text OCR read from another tracker's screenshot into exercises and sets the user
// confirms. Pure, so every line shape is unit-tested; OCR noise (× read as x or X, "kg" glued to the
// number or read as "ka", "lb" read as "|b", O for 0, a decimal comma, stray bullets) is tolerated,
// and a line that is no set is left out.
//
// Two layouts: one-line ("Squat 3 x 5 @ 100 kg"), and the card Strong and Hevy share, where the
// exercise's name stands on its own line and each set follows on a line of its own, marked with its
// number or with W (warm-up), D (drop set) or F (to failure): "1  100 kg × 5", "W  60 kg × 10".
import { SET_BOUNDS } from '../../../domain/gym/bounds.ts';
import type { SetKind } from '../../../domain/gym/set-kind.ts';
import { shownToKg, type Unit } from '../model.ts';

export type ParsedSet = { readonly kg: number; readonly reps: number; readonly kind: SetKind; readonly rpe: number | null };
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

// Words of a card or of the app around it that head no exercise: column heads, totals, the tab bar.
const LABEL_START = /^(?:sets?|weight|reps|volume|duration|total|best set|1rm|e1rm|prs?|personal records?|kg|lbs?)\b/i;

const number = (text: string) => Number(text.replace(',', '.'));
/** a unit as written or as OCR misreads it ("ka", "|b", "Ib", "1b"); none: the user's */
const unitOf = (written: string | undefined, fallback: Unit): Unit => (written ? (/^k/i.test(written) ? 'kg' : 'lb') : fallback);
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
    return valid(name, Number(sets), normal(shownToKg(number(weight), unitOf(written, unit)), Number(reps)));
  }
  found = WEIGHT_REPS.exec(text);
  if (found) {
    const [, name, weight, written, reps] = found as unknown as [string, string, string, string | undefined, string];
    // "Pull-up 3 x 10" is three sets of ten, not 3 kg: a small whole number with no unit counts sets
    const countsSets = !written && /^\d+$/.test(weight) && Number(weight) <= 10;
    if (!countsSets) return valid(name, 1, normal(shownToKg(number(weight), unitOf(written, unit)), Number(reps)));
  }
  found = SETS_REPS.exec(text);
  if (found) {
    const [, name, sets, reps] = found as unknown as [string, string, string, string];
    return valid(name, Number(sets), normal(0, Number(reps)));
  }
  return null;
}

const normal = (kg: number, reps: number): ParsedSet => ({ kg, reps, kind: 'normal', rpe: null });

/** Within the API's bounds; more than 20 sets in one line is a misread. */
const fits = (set: ParsedSet): boolean => set.reps >= 1 && set.reps <= SET_BOUNDS.reps && set.kg >= 0 && set.kg <= SET_BOUNDS.kg;

/** `count` of the same set; null when any bound is broken. */
const repeated = (count: number, set: ParsedSet): ParsedSet[] | null => (count < 1 || count > 20 || !fits(set) ? null : Array.from({ length: count }, () => set));

function valid(name: string, count: number, set: ParsedSet): ParsedExercise | null {
  const sets = repeated(count, set);
  // "Best set 100 kg × 5" under a card is a summary of sets already read, not an exercise
  return sets && !LABEL_START.test(name) ? { name: cleanName(name), sets } : null;
}

// ---- the card: a name on its own line, then one line per set ----

// What marks a set in the column before its weight: its number (which says nothing here: sets are
// numbered again in the order read) or its kind. OCR reads a 1 as l, I, | or !, and a W as VV or WwW.
const NUMBER_MARK = String.raw`(?:\d{1,2}|[lI|!])`;
const KIND_MARK = String.raw`(?:[wv]{1,3}|d|f|warm[\s-]?up|drop(?:\s*set)?|(?:to\s*)?failure)`;
// (a number's full stop needs a space after it: "12.5 kg" is a weight, not set 12)
const MARK = String.raw`(?:set\s*)?(?:${NUMBER_MARK}(?:[:)]\s*|\.\s+|\s+)|(${KIND_MARK})(?:[.:)]?\s*))?`;
// a unit as OCR reads it: "kg" also "kgs", "ka", "kq", "k9", "kyg" (a k and up to two marks after
// it); "lb" also "lbs", "|b", "Ib", "1b"
const CARD_UNIT = String.raw`\s*(k[a-z9]{0,2}|[l|I1]bs?)?`;
// "@ 8", "@8 rpe", "RPE 8.5": the set's RPE, as Strong and Hevy print it after the reps (one the
// API would refuse, "@ 8.3", leaves the set without one)
const RPE = String.raw`(?:\s*(?:@|rpe)\s*(\d{1,2}(?:[.,]\d)?)(?:\s*rpe)?)?`;
// Strong prints the set's estimated one-rep max in a column after it: read past, not kept
const ESTIMATE = String.raw`(?:\s+\d{1,4}(?:[.,]\d+)?(?:\s*(?:kg|lbs?))?)?`;
// "1  100 kg × 5", "W 60kg x 10 @ 8", "+10 kg × 8" (weight added to the body's own)
const CARD_SET = new RegExp(String.raw`^${MARK}\+?(\d{1,4}(?:[.,]\d{1,3})?)${CARD_UNIT}${TIMES}(\d{1,3})(?:\s*reps?)?${RPE}${ESTIMATE}$`, 'i');
// "2  12 reps", "× 12": reps with the body's own weight
const CARD_REPS = new RegExp(String.raw`^${MARK}(?:[x×*]\s*(\d{1,3})|(\d{1,3})\s*reps?)${RPE}$`, 'i');
// "3 x 5 @ 100 kg" under a name: sets × reps at a weight
const CARD_SETS_AT = new RegExp(String.raw`^(\d{1,2})${TIMES}(\d{1,3})\s*(?:@|at)\s*${NUMBER}${CARD_UNIT}$`, 'i');

/** A digit OCR read as a letter: O or o beside a digit is 0 ("1O0"), l or I before or between digits is 1 ("l00"). */
function digitsBack(text: string): string {
  return text.replace(/(?<=\d)[Oo]|[Oo](?=\d)/g, '0').replace(/(?<![A-Za-z])[lI](?=\d)|(?<=\d)[lI](?=\d)/g, '1');
}

function kindOf(mark: string | undefined): SetKind {
  const first = mark?.trim().toLowerCase()[0];
  return first === 'w' || first === 'v' ? 'warmup' : first === 'd' ? 'drop' : first === 'f' || first === 't' ? 'failure' : 'normal';
}

/** RPE as the API takes it, 1 to 10 in half steps; anything else read is no RPE. */
function rpeOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = number(text);
  return value >= 1 && value <= 10 && Number.isInteger(value * 2) ? value : null;
}

/** One line of a card's set column, as sets (a "3 x 5 @ 100 kg" line is three); null when it is none. */
export function parseSetLine(line: string, unit: Unit): ParsedSet[] | null {
  const text = digitsBack(line.replace(/^[\s•·>]+/, '').replace(/\s+/g, ' ').trim());
  const many = CARD_SETS_AT.exec(text);
  if (many) {
    const [, count, reps, weight, written] = many as unknown as [string, string, string, string, string | undefined];
    return repeated(Number(count), normal(shownToKg(number(weight), unitOf(written, unit)), Number(reps)));
  }
  const weighed = CARD_SET.exec(text);
  if (weighed) {
    const [, mark, weight, written, reps, rpe] = weighed as unknown as [string, string | undefined, string, string | undefined, string, string | undefined];
    const set: ParsedSet = { kg: shownToKg(number(weight), unitOf(written, unit)), reps: Number(reps), kind: kindOf(mark), rpe: rpeOf(rpe) };
    return fits(set) ? [set] : null;
  }
  const bodyOnly = CARD_REPS.exec(text);
  if (bodyOnly) {
    const [, mark, timesReps, repsWord, rpe] = bodyOnly as unknown as [string, string | undefined, string | undefined, string | undefined, string | undefined];
    const set: ParsedSet = { kg: 0, reps: Number(timesReps ?? repsWord), kind: kindOf(mark), rpe: rpeOf(rpe) };
    return fits(set) ? [set] : null;
  }
  return null;
}

// Words of a card or of the app around it that head no exercise: the tab bar and menu.
const LABEL_LINE = /^(?:exercises?|workout|workouts|history|profile|notes?|start workout|finish|share|edit|summary)$/i;
const NAME_LINE = /^[A-Za-z][A-Za-z'’&/,.+\- ]*(?:\([A-Za-z0-9'’&/,.+\- ]+\))?$/;

/**
 * A line that could be an exercise's name (its set lines follow it): letters, with the equipment in
 * brackets as Strong writes it ("Bench Press (Barbell)"); an icon read as a stray mark before it or
 * a menu's "…" or "›" after it is dropped. Null for a line with digits or a label.
 */
export function nameOfLine(line: string): string | null {
  const text = cleanName(line.replace(/^[^A-Za-z0-9]+/, '').replace(/[\s.…›>»:·•|]+$/, ''));
  if (!NAME_LINE.test(text) || text.length > SET_BOUNDS.name || (text.match(/[A-Za-z]/g) ?? []).length < 2) return null;
  return LABEL_START.test(text) || LABEL_LINE.test(text) ? null : text;
}

/**
 * Every line of the text; the sets of one exercise (by name, any case) gathered in the order first
 * met. A set line belongs to the nearest name above it; a name that no set follows (the workout's
 * title, a tab of the app) is skipped, as is a set line with no name above it.
 */
export function parseWorkoutText(text: string, unit: Unit): Parsed {
  const byName = new Map<string, { name: string; sets: ParsedSet[] }>();
  // in the order read; a name is taken out again once a set follows it
  const skipped: (string | null)[] = [];
  const add = (name: string, sets: readonly ParsedSet[]) => {
    const key = name.toLowerCase();
    const before = byName.get(key);
    if (before) before.sets.push(...sets);
    else byName.set(key, { name, sets: [...sets] });
  };
  // the name above the set lines now being read, and where it stands among the skipped until a set comes
  let heading: { readonly name: string; at: number | null } | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const sets = heading ? parseSetLine(line, unit) : null;
    if (heading && sets) {
      add(heading.name, sets);
      if (heading.at !== null) skipped[heading.at] = null;
      heading.at = null;
      continue;
    }
    const whole = parseLine(line, unit);
    if (whole) {
      heading = null;
      add(whole.name, whole.sets);
      continue;
    }
    const name = nameOfLine(line);
    if (name) heading = { name, at: skipped.length };
    // a column head or a total between a name and its sets leaves the name in place
    skipped.push(line.trim());
  }
  return { exercises: [...byName.values()], skipped: skipped.filter((line) => line !== null) };
}

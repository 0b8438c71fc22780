// One way for every app to tell a person why something did not happen. The server already writes
// its refusals as sentences; what it cannot know is the reader's unit, so a refusal that names a
// weight (always kilograms on the wire) is said again here in the unit the person reads.
import { KG_PER_LB } from '../../domain/gym/units.ts';
import { ApiRefusal, NoAnswer } from './api.ts';

export type WeightUnit = 'kg' | 'lb';

export type MessageOptions = {
  /** the unit the person reads weights in; kilograms when not given */
  readonly unit?: WeightUnit;
  /** what this screen says when no answer came (it knows what needed the network) */
  readonly offline?: string;
  /** what this screen says when the answer came too late; the offline sentence when not given */
  readonly late?: string;
  /** what the screen's form is about ("the exercise"), for a refusal of an empty name: "Give the exercise a name." */
  readonly subject?: string;
};

export const NO_CONNECTION = 'No connection to the server. Try again when you are online.';
export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again.';

/** Kilograms as the person reads them: pounds to a thousandth, as every gym screen shows them. */
export function weightText(kg: number, unit: WeightUnit = 'kg'): string {
  const value = unit === 'lb' ? kg / KG_PER_LB : kg;
  return `${Math.round(value * 1000) / 1000} ${unit}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The set a SET_CHANGED_LATER refusal says the server keeps, when its body carries one. */
function keptSet(body: Readonly<Record<string, unknown>>): { readonly kg: number; readonly reps: number } | null {
  const current = body['current'];
  if (!isRecord(current) || typeof current['kg'] !== 'number' || typeof current['reps'] !== 'number') return null;
  return { kg: current['kg'], reps: current['reps'] };
}

// a validation refusal reads "<field>: <zod's words>"; a field named …kg / …Kg holds kilograms
const WEIGHT_FIELD = /^[\w.[\]]*(?:kg|Kg)(?:\.\d+)?: /;
const BOUND = /^Too (big|small): expected number to be ([<>]=?)(-?\d+(?:\.\d+)?)$/;

const boundWords = (sign: string, limit: string): string =>
  sign === '<=' ? `at most ${limit}` : sign === '>=' ? `at least ${limit}` : sign === '<' ? `under ${limit}` : `over ${limit}`;

/** A refused weight in the person's unit: "The weight must be at most 2,204.623 lb." */
function weightRefusal(message: string, unit: WeightUnit): string | null {
  const field = WEIGHT_FIELD.exec(message);
  if (!field) return null;
  const bound = BOUND.exec(message.slice(field[0].length));
  if (!bound) return null;
  const [, , sign = '', number = '0'] = bound;
  return `The weight must be ${boundWords(sign, grouped(weightText(Number(number), unit)))}.`;
}

/** "2204.623 lb" as a person reads a long number: "2,204.623 lb" */
const grouped = (text: string): string => text.replace(/^\d+/, (digits) => Number(digits).toLocaleString('en-US'));

/** What a person calls the fields the forms send, by the last name of the field's path. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  name: 'the name',
  title: 'the name',
  reps: 'the reps',
  rpe: 'the RPE',
  notes: 'the notes',
  note: 'the note',
  minutes: 'the minutes',
  distanceKm: 'the distance',
  calories: 'the calories',
  level: 'the level',
  date: 'the date',
  email: 'the email address',
  password: 'the password',
  targetSets: 'the number of sets',
  repMin: 'the fewest reps',
  repMax: 'the most reps',
  restTimerSec: 'the rest',
  weeklyGoal: 'the weekly goal',
  code: 'the code',
};
// "<path>: <zod's words>": the field is the path's last name, an index after it left out
const FIELD = /^(?:[\w.[\]]*\.)?([A-Za-z]+)(?:\.\d+|\[\d+\])?: (.*)$/;
const STRING_BOUND = /^Too (big|small): expected string to have ([<>]=?)(\d+) characters?$/;

/**
 * A validation refusal of a field the person typed, in their words: "Give the exercise a name.",
 * "The reps must be at most 500.", "The note must be at most 500 characters.", "The date must not be
 * in the future (after 2026-11-29)."; null for any other.
 */
function fieldRefusal(message: string, subject: string): string | null {
  const found = FIELD.exec(message);
  const label = found ? FIELD_WORDS[found[1]!] : undefined;
  if (!found || !label) return null;
  const Label = `${label[0]!.toUpperCase()}${label.slice(1)}`;
  const text = found[2]!;
  const string = STRING_BOUND.exec(text);
  if (string) {
    const [, , sign = '', number = '0'] = string;
    if (sign === '>=' && number === '1') return label === 'the name' ? `Give ${subject} a name.` : `${Label} cannot be empty.`;
    return `${Label} must be ${boundWords(sign, `${Number(number).toLocaleString('en-US')} characters`)}.`;
  }
  const bound = BOUND.exec(text);
  if (bound) {
    const [, , sign = '', number = '0'] = bound;
    return `${Label} must be ${boundWords(sign, Number(number).toLocaleString('en-US'))}.`;
  }
  // the API's own rules are written to follow the field's name: "body.date: must not be in the future (…)"
  if (text.startsWith('must ')) return `${Label} ${text}.`;
  return null;
}

/** A refusal in the person's words and unit, from the API's code, message and body. */
export function refusalWords(refusal: { readonly code: string; readonly message: string; readonly body?: Readonly<Record<string, unknown>> | null }, unit: WeightUnit = 'kg', subject = 'it'): string {
  if (refusal.code === 'SET_CHANGED_LATER' && refusal.body) {
    const kept = keptSet(refusal.body);
    if (kept) return `${refusal.message}: it keeps ${weightText(kept.kg, unit)} × ${kept.reps}.`;
  }
  if (refusal.code === 'VALIDATION_FAILED') return weightRefusal(refusal.message, unit) ?? fieldRefusal(refusal.message, subject) ?? refusal.message;
  return refusal.message;
}

/** A failed call in words for the person: the API's own sentence, or that no answer came. */
export function messageOf(error: unknown, options: MessageOptions = {}): string {
  if (error instanceof ApiRefusal) return refusalWords(error, options.unit ?? 'kg', options.subject);
  if (error instanceof NoAnswer) {
    const offline = options.offline ?? NO_CONNECTION;
    return error.reason === 'deadline' ? (options.late ?? offline) : offline;
  }
  return SOMETHING_WENT_WRONG;
}

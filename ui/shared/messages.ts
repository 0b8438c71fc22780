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

/** A refused weight in the person's unit: "The weight must be at most 2204.623 lb." */
function weightRefusal(message: string, unit: WeightUnit): string | null {
  const field = WEIGHT_FIELD.exec(message);
  if (!field) return null;
  const bound = BOUND.exec(message.slice(field[0].length));
  if (!bound) return null;
  const [, , sign = '', number = '0'] = bound;
  const limit = weightText(Number(number), unit);
  const words = sign === '<=' ? `at most ${limit}` : sign === '>=' ? `at least ${limit}` : sign === '<' ? `under ${limit}` : `over ${limit}`;
  return `The weight must be ${words}.`;
}

function refusalText(error: ApiRefusal, unit: WeightUnit): string {
  if (error.code === 'SET_CHANGED_LATER') {
    const kept = keptSet(error.body);
    if (kept) return `${error.message}: it keeps ${weightText(kept.kg, unit)} × ${kept.reps}.`;
  }
  if (error.code === 'VALIDATION_FAILED') return weightRefusal(error.message, unit) ?? error.message;
  return error.message;
}

/** A failed call in words for the person: the API's own sentence, or that no answer came. */
export function messageOf(error: unknown, options: MessageOptions = {}): string {
  if (error instanceof ApiRefusal) return refusalText(error, options.unit ?? 'kg');
  if (error instanceof NoAnswer) {
    const offline = options.offline ?? NO_CONNECTION;
    return error.reason === 'deadline' ? (options.late ?? offline) : offline;
  }
  return SOMETHING_WENT_WRONG;
}

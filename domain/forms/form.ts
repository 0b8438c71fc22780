import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';
import { textSchema } from '../shared/text.ts';

export const MAX_PATCH_KEYS = 300;
export const MAX_TEXT_LENGTH = 10_000;
export const MAX_LIST_ITEMS = 100;

/** Answers of a shape, with every string (keys, grid rows, list items) held to `string`'s rule. */
function answersOf(string: z.ZodString) {
  const text = string.max(MAX_TEXT_LENGTH);
  /** an answer: one choice or free text, several choices, or one value per grid row */
  const value = z.union([
    text,
    z.array(text).max(MAX_LIST_ITEMS),
    z.record(string.max(200), text).refine((rows) => Object.keys(rows).length <= MAX_LIST_ITEMS, {
      message: `at most ${MAX_LIST_ITEMS} rows`,
    }),
  ]);
  const questionId = string.min(1).max(200);
  return { text, value, questionId, answers: z.record(questionId, value) };
}

// What a client may send: stored as jsonb, which refuses NUL and lone surrogates anywhere.
const input = answersOf(textSchema);
// What a log already holds parses as it was accepted.
const recorded = answersOf(z.string());

export const answerValueSchema = input.value;
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const questionIdSchema = input.questionId;
export const answersSchema = input.answers;
/** the client's id of one save: a retry of that save sends it again (cuid, uuid and the like) */
export const saveIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - and _');
/** how many of a form's latest save ids are remembered: a retry comes within seconds, some saves later */
export const RECENT_SAVE_IDS = 50;
export const recordedAnswersSchema = recorded.answers;
export type Answers = z.infer<typeof answersSchema>;

/** version 1 of `form-patched`: only what the patch changed */
export const formPatchedSchema = z.object({
  answers: recordedAnswersSchema,
  notes: recordedAnswersSchema,
  respondent: recorded.text.optional(),
  summary: recorded.text.optional(),
  /** the client-independent time of the save, ISO 8601 */
  patchedAt: z.iso.datetime(),
  /** the client's id of the save, when it sent one; absent in saves of older clients */
  saveId: z.string().optional(),
});
export type FormPatched = z.infer<typeof formPatchedSchema>;

export type FormEvent = DomainEvent<'form-patched', FormPatched>;

export const FORM_EVENT_TYPES = ['form-patched'] as const;

/** One shared answer set per form; `version` counts the saves. */
export type FormState = {
  readonly answers: Answers;
  readonly notes: Answers;
  readonly respondent: string;
  readonly summary: string;
  readonly version: number;
  readonly updatedAt: string | null;
  /** the ids of the latest saves, oldest first, at most RECENT_SAVE_IDS: a repeat is not applied again */
  readonly recentSaveIds: readonly string[];
};

export const initialFormState: FormState = {
  answers: {},
  notes: {},
  respondent: '',
  summary: '',
  version: 0,
  updatedAt: null,
  recentSaveIds: [],
};

export function evolveForm(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case 'form-patched': {
      const patch = event.data;
      return {
        answers: { ...state.answers, ...patch.answers },
        notes: { ...state.notes, ...patch.notes },
        respondent: patch.respondent ?? state.respondent,
        summary: patch.summary ?? state.summary,
        version: state.version + 1,
        updatedAt: patch.patchedAt,
        recentSaveIds: patch.saveId === undefined ? state.recentSaveIds : [...state.recentSaveIds, patch.saveId].slice(-RECENT_SAVE_IDS),
      };
    }
    default:
      return assertNever(event.type);
  }
}

/** Reads a stored payload of any schema version as the current one. */
export function parseFormEvent(type: string, data: unknown, schemaVersion: number): FormEvent {
  if (type === 'form-patched' && schemaVersion === 1) return { type, data: formPatchedSchema.parse(data) };
  throw new Error(`unknown form event ${type} v${schemaVersion}`);
}

export const formAggregate: Aggregate<FormState, FormEvent> = {
  initialState: initialFormState,
  evolve: evolveForm,
  parse: parseFormEvent,
  schemaVersion: 1,
};

export const FORM_STREAM_PREFIX = 'forms.form-';

export function formStream(name: string): string {
  return `${FORM_STREAM_PREFIX}${name}`;
}

/** A form name is its unlisted link's last segment. */
export const formNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, 'letters, digits, - and _, at most 80, starting with a letter or digit');

/** The shared copy as clients see it. */
export const formDocumentSchema = z
  .object({
    name: z.string(),
    answers: recordedAnswersSchema,
    notes: recordedAnswersSchema,
    respondent: z.string(),
    summary: z.string(),
    version: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'FormDocument' });
export type FormDocument = z.infer<typeof formDocumentSchema>;

export function formDocument(name: string, state: FormState): FormDocument {
  const { answers, notes, respondent, summary, version, updatedAt } = state;
  return { name, answers, notes, respondent, summary, version, updatedAt };
}

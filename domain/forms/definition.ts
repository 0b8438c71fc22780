// A questionnaire: what each question is and which answers it takes. Definitions are files the
// operator writes (FORMS_DIR); this module only says what a valid one is and what it accepts.
import { z } from 'zod';
import { assertNever, DomainError } from '../shared/events.ts';
import { textSchema } from '../shared/text.ts';
import type { Answers, AnswerValue } from './form.ts';

export const QUESTION_TYPES = ['one', 'many', 'short', 'long', 'grid'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Every answer and every note of a full form fit in one patch of MAX_PATCH_KEYS (300) keys. */
export const MAX_QUESTIONS = 150;
/** A list of choices (`many`) holds at most MAX_LIST_ITEMS (100) items, so every option can be chosen. */
export const MAX_OPTIONS = 50;
export const MAX_GRID_ROWS = 50;
export const MAX_GRID_COLUMNS = 20;
export const MAX_TITLE_LENGTH = 200;
export const MAX_INTRO_LENGTH = 2000;
export const MAX_QUESTION_LENGTH = 1000;
export const MAX_OPTION_LENGTH = 200;

/**
 * The one key no answer can be stored under: a JSON body holding it is refused before any route
 * reads it (the parser's guard against prototype poisoning), so a question keyed by it could
 * never be answered.
 */
const UNSENDABLE_KEY = '__proto__';

/** Question ids become keys of answers and notes, and element ids in the page. */
export const definitionQuestionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _, 1 to 64 characters')
  .refine((id) => id !== UNSENDABLE_KEY, `${UNSENDABLE_KEY} cannot be a question id: answers are keyed by it, and a body holding that key is refused`);

/** Labels must be told apart: an answer names its choice by the label itself. */
function labels(what: string, max: number) {
  return z
    .array(textSchema.min(1).max(MAX_OPTION_LENGTH))
    .min(1)
    .max(max)
    .superRefine((items, ctx) => {
      items.forEach((item, index) => {
        if (items.indexOf(item) !== index) ctx.addIssue({ code: 'custom', path: [index], message: `${what} ${JSON.stringify(item)} is listed twice` });
      });
    });
}

const base = { id: definitionQuestionIdSchema, q: textSchema.min(1).max(MAX_QUESTION_LENGTH) };
const noOptions = (type: string) => z.never({ error: `a ${type} question has no options (leave o out)` }).optional();

export const questionSchema = z.discriminatedUnion(
  't',
  [
    z.strictObject({ ...base, t: z.literal('one'), o: labels('option', MAX_OPTIONS) }),
    z.strictObject({ ...base, t: z.literal('many'), o: labels('option', MAX_OPTIONS) }),
    z.strictObject({ ...base, t: z.literal('short'), o: noOptions('short') }),
    z.strictObject({ ...base, t: z.literal('long'), o: noOptions('long') }),
    z.strictObject({
      ...base,
      t: z.literal('grid'),
      o: z.strictObject({
        // a grid's answer is keyed by row
        rows: labels('row', MAX_GRID_ROWS).superRefine((rows, ctx) => {
          const at = rows.indexOf(UNSENDABLE_KEY);
          if (at >= 0) ctx.addIssue({ code: 'custom', path: [at], message: `${UNSENDABLE_KEY} cannot be a row: a grid's answer is keyed by row, and a body holding that key is refused` });
        }),
        columns: labels('column', MAX_GRID_COLUMNS),
      }),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `one of ${QUESTION_TYPES.join(', ')}` : undefined) },
);
export type Question = z.infer<typeof questionSchema>;

/** The content of one questionnaire file. */
export const formDefinitionSchema = z
  .strictObject({
    title: textSchema.min(1).max(MAX_TITLE_LENGTH),
    intro: textSchema.max(MAX_INTRO_LENGTH).optional(),
    questions: z.array(questionSchema).min(1).max(MAX_QUESTIONS),
  })
  .superRefine((definition, ctx) => {
    const seen = new Set<string>();
    definition.questions.forEach((question, index) => {
      if (seen.has(question.id)) ctx.addIssue({ code: 'custom', path: ['questions', index, 'id'], message: `question id ${question.id} is used twice` });
      seen.add(question.id);
    });
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** GET /api/forms/:name/questions: what the page renders. */
export const formDefinitionResponseSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    /** '' when the file has none */
    intro: z.string(),
    questions: z.array(questionSchema),
  })
  .meta({ id: 'FormDefinition' });
export type FormDefinitionResponse = z.infer<typeof formDefinitionResponseSchema>;

export function formDefinitionResponse(name: string, definition: FormDefinition): FormDefinitionResponse {
  return { name, title: definition.title, intro: definition.intro ?? '', questions: definition.questions };
}

/** A value quoted in a message, cut short: answers may be long. */
const quote = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** Why `value` is not an answer to `question`, or null when it is one. */
export function answerProblem(question: Question, value: AnswerValue): string | null {
  switch (question.t) {
    case 'short':
    case 'long':
      return typeof value === 'string' ? null : 'the answer to this question is text (a string)';
    case 'one':
      if (typeof value !== 'string') return 'the answer to this question is one option (a string)';
      // '' clears the choice
      return value === '' || question.o.includes(value) ? null : `${quote(value)} is not an option of this question`;
    case 'many': {
      if (!Array.isArray(value)) return 'the answer to this question is a list of options';
      for (const [index, choice] of value.entries()) {
        if (!question.o.includes(choice)) return `${quote(choice)} is not an option of this question`;
        if (value.indexOf(choice) !== index) return `${quote(choice)} is chosen twice`;
      }
      return null;
    }
    case 'grid': {
      if (typeof value !== 'object' || Array.isArray(value)) return 'the answer to this question is an object from row to column';
      for (const [row, column] of Object.entries(value)) {
        if (!question.o.rows.includes(row)) return `${quote(row)} is not a row of this grid`;
        if (!question.o.columns.includes(column)) return `${quote(column)} (row ${quote(row)}) is not a column of this grid`;
      }
      return null;
    }
    default:
      return assertNever(question);
  }
}

/**
 * Refuses a patch that names a question the form does not have (QUESTION_UNKNOWN) or answers one
 * with a value its type does not take (ANSWER_INVALID); each message starts with the field.
 */
export function checkPatchAgainst(definition: FormDefinition, patch: { readonly answers: Answers; readonly notes: Answers }): void {
  const questions = new Map(definition.questions.map((question) => [question.id, question]));
  for (const [part, values] of [['answers', patch.answers], ['notes', patch.notes]] as const) {
    for (const [id, value] of Object.entries(values)) {
      const question = questions.get(id);
      if (!question) throw new DomainError('QUESTION_UNKNOWN', `${part}.${id}: this form has no question ${id}`);
      const problem = part === 'answers' ? answerProblem(question, value) : typeof value === 'string' ? null : 'a note is text (a string)';
      if (problem) throw new DomainError('ANSWER_INVALID', `${part}.${id}: ${problem}`);
    }
  }
}

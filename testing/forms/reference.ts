// Test support: the forms read side's reference, written from spec 002 Part B (and, where the spec
// leaves it to the project, from docs/api-forms.md and the routes' OpenAPI descriptions),
// not from the SQL. Plain code: Maps instead of objects (a question id may be any id the
// questionnaire allows), a save applied as the spec's rules say it, the answer built from that.

/** An answer as a client sends it: spec rule 5 admits a string, a list of strings or an object of strings. */
export type Sent = unknown;

export type Question =
  | { readonly id: string; readonly t: 'one' | 'many'; readonly q: string; readonly o: readonly string[] }
  | { readonly id: string; readonly t: 'short' | 'long'; readonly q: string }
  | { readonly id: string; readonly t: 'grid'; readonly q: string; readonly o: { readonly rows: readonly string[]; readonly columns: readonly string[] } };

export type Definition = { readonly title: string; readonly intro?: string; readonly questions: readonly Question[] };

/** A POST body: only the changed questions (spec: "Only the questions that differ are sent"). */
export type Patch = {
  readonly answers?: Readonly<Record<string, Sent>>;
  readonly notes?: Readonly<Record<string, Sent>>;
  readonly respondent?: string;
  readonly summary?: string;
  /** the bot trap (rule 6) */
  readonly website?: string;
};

/** The one stored record of a form (spec: Resources, Part B). */
export type Shared = {
  readonly answers: ReadonlyMap<string, Sent>;
  readonly notes: ReadonlyMap<string, Sent>;
  readonly respondent: string;
  readonly summary: string;
  /** the save counter (rule 3) */
  readonly version: number;
  /** the time the last save was made, as the server gave it in that save's answer */
  readonly updatedAt: string | null;
};

export const NEVER_SAVED: Shared = { answers: new Map(), notes: new Map(), respondent: '', summary: '', version: 0, updatedAt: null };

/** Limits, spec 002 Limits: a patch of at most 300 keys; the stored document about 10 KB (docs/api-forms.md: 10,240 bytes). */
export const PATCH_KEYS = 300;
export const DOCUMENT_BYTES = 10_240;

export type Outcome =
  | { readonly status: 200; readonly after: Shared; readonly stored: boolean }
  | { readonly status: 400 | 404 | 413; readonly code: string };

const isText = (value: Sent): value is string => typeof value === 'string';
const isTextList = (value: Sent): value is string[] => Array.isArray(value) && value.every(isText);
const isTextObject = (value: Sent): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isText);

/** Rule 5: each value is a string, a list of strings, or an object of strings. */
const isAnswerShape = (value: Sent): boolean => isText(value) || isTextList(value) || isTextObject(value);

/** docs/questionnaires.md's table of question types: what each one takes as an answer. */
function takes(question: Question, value: Sent): boolean {
  switch (question.t) {
    case 'short':
    case 'long':
      return isText(value);
    case 'one':
      return isText(value) && (value === '' || question.o.includes(value));
    case 'many':
      return isTextList(value) && value.every((choice) => question.o.includes(choice)) && new Set(value).size === value.length;
    case 'grid':
      return isTextObject(value) && Object.entries(value).every(([row, column]) => question.o.rows.includes(row) && question.o.columns.includes(column));
  }
}

/** docs/api-forms.md: the UTF-8 length of JSON.stringify({respondent, answers, notes, summary}). */
export function storedBytes(shared: Shared): number {
  const json = JSON.stringify({
    respondent: shared.respondent,
    answers: Object.fromEntries(shared.answers),
    notes: Object.fromEntries(shared.notes),
    summary: shared.summary,
  });
  return Buffer.byteLength(json, 'utf8');
}

/**
 * One POST /api/forms/:name against the shared copy `before`, made at `at` (the time its answer
 * gives). Order of refusals, where the spec leaves it open: the body's shape (400), then the form
 * (404), then the bot trap (a quiet ok), then the questionnaire (400), then the size (413).
 */
export function save(definition: Definition | null, before: Shared, patch: Patch, at: string): Outcome {
  const answers = Object.entries(patch.answers ?? {});
  const notes = Object.entries(patch.notes ?? {});
  if (answers.length + notes.length > PATCH_KEYS) return { status: 400, code: 'VALIDATION_FAILED' };
  if (![...answers, ...notes].every(([, value]) => isAnswerShape(value))) return { status: 400, code: 'VALIDATION_FAILED' };
  if (!definition) return { status: 404, code: 'FORM_NOT_FOUND' };
  if (patch.website) return { status: 200, after: before, stored: false };
  const questions = new Map(definition.questions.map((question) => [question.id, question]));
  for (const [id, value] of answers) {
    const question = questions.get(id);
    if (!question) return { status: 400, code: 'QUESTION_UNKNOWN' };
    if (!takes(question, value)) return { status: 400, code: 'ANSWER_INVALID' };
  }
  for (const [id, value] of notes) {
    if (!questions.has(id)) return { status: 400, code: 'QUESTION_UNKNOWN' };
    if (!isText(value)) return { status: 400, code: 'ANSWER_INVALID' };
  }
  const after: Shared = {
    // rule 1: the keys sent replace the same keys; other keys stay
    answers: new Map([...before.answers, ...answers]),
    notes: new Map([...before.notes, ...notes]),
    // rule 2: the respondent only when one is sent (docs/api-forms.md: the summary alike)
    respondent: patch.respondent ?? before.respondent,
    summary: patch.summary ?? before.summary,
    // rule 3: each save counts
    version: before.version + 1,
    updatedAt: at,
  };
  const bytes = storedBytes(after);
  if (bytes > DOCUMENT_BYTES && bytes > storedBytes(before)) return { status: 413, code: 'DOCUMENT_TOO_LARGE' };
  return { status: 200, after, stored: true };
}

/** GET /api/forms/:name: the shared copy (a form never saved: empty at version 0). */
export function documentAnswer(name: string, shared: Shared): unknown {
  return {
    name,
    answers: Object.fromEntries(shared.answers),
    notes: Object.fromEntries(shared.notes),
    respondent: shared.respondent,
    summary: shared.summary,
    version: shared.version,
    updatedAt: shared.updatedAt,
  };
}

/** GET /api/forms/:name/questions: the questionnaire as its file gives it; intro '' when it has none. */
export function questionsAnswer(name: string, definition: Definition): unknown {
  return { name, title: definition.title, intro: definition.intro ?? '', questions: definition.questions };
}

/** Spec: answers are compared by content with keys sorted, never by serialised string. */
export function canonical(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (typeof item === 'object' && item !== null) {
      // the same keys always come out in the same order (integer-like keys first, as JavaScript orders them)
      return Object.fromEntries(
        Object.entries(item)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, inner]) => [key, sorted(inner)]),
      );
    }
    return item;
  };
  return JSON.stringify(sorted(value));
}

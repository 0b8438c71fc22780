import { assertNever, DomainError } from '../shared/events.ts';
import { checkPatchAgainst, type FormDefinition } from './definition.ts';
import { mergeText } from './text-merge.ts';
import { type Answers, evolveForm, type FormEvent, type FormState, MAX_PATCH_KEYS } from './form.ts';

/**
 * The stored document's ceiling (spec 002 Limits: "about 10 KB"): 10 KiB of UTF-8 JSON of what a
 * form holds, respondent, answers, notes and summary. Every poll of every open page returns it.
 */
export const MAX_DOCUMENT_BYTES = 10_240;

export type PatchForm = {
  readonly type: 'patch-form';
  /** the form's questionnaire, as the command API found it */
  readonly definition: FormDefinition;
  readonly answers: Answers;
  readonly notes: Answers;
  readonly respondent?: string | undefined;
  readonly summary?: string | undefined;
  readonly now: string;
  /** the client's id of this save; the same id again is a retry */
  readonly saveId?: string | undefined;
  /**
   * of each text field sent (`a:<id>`, `n:<id>`, `respondent`, `summary`), the stored text the
   * client's change was made to: where the form now holds another text, both are merged
   */
  readonly bases?: Readonly<Record<string, string>> | undefined;
};

/**
 * Two people saving one text field from the same text: the later save is merged with what the
 * earlier stored (three ways, from the text both started from), so neither person's words are lost.
 * A choice, or a save that sent no base, replaces as before (the last save wins).
 */
function withStoredTextMerged(command: PatchForm, state: FormState): Pick<PatchForm, 'answers' | 'notes' | 'respondent' | 'summary'> {
  const bases = command.bases ?? {};
  const texts = new Set(command.definition.questions.filter((question) => question.t === 'short' || question.t === 'long').map((question) => question.id));
  const merge = (key: string, sent: unknown, stored: unknown): unknown => {
    const base = Object.hasOwn(bases, key) ? bases[key] : undefined;
    if (base === undefined || typeof sent !== 'string') return sent;
    const held = typeof stored === 'string' ? stored : '';
    return held === base ? sent : mergeText(base, sent, held);
  };
  const answers = Object.fromEntries(
    Object.entries(command.answers).map(([id, value]) => [id, texts.has(id) ? merge(`a:${id}`, value, state.answers[id]) : value]),
  ) as Answers;
  const notes = Object.fromEntries(Object.entries(command.notes).map(([id, value]) => [id, merge(`n:${id}`, value, state.notes[id])])) as Answers;
  return {
    answers,
    notes,
    respondent: command.respondent === undefined ? undefined : (merge('respondent', command.respondent, state.respondent) as string),
    summary: command.summary === undefined ? undefined : (merge('summary', command.summary, state.summary) as string),
  };
}

export type FormCommand = PatchForm;

/** The size the cap is measured in: UTF-8 bytes of JSON.stringify({respondent, answers, notes, summary}). */
export function documentBytes(state: Pick<FormState, 'respondent' | 'answers' | 'notes' | 'summary'>): number {
  const { respondent, answers, notes, summary } = state;
  return new TextEncoder().encode(JSON.stringify({ respondent, answers, notes, summary })).length;
}

/**
 * Every save is recorded, even one that changes nothing: the version counts saves (rule 3); a save
 * whose id is among the form's recent ones is a retry and records nothing. A save
 * may not take the document past MAX_DOCUMENT_BYTES; one that shrinks (or keeps) a document already
 * over it, stored before the cap, is let through so it can be cleaned up.
 */
export function patchForm(command: PatchForm, state: FormState): FormEvent[] {
  // a retry of a save already recorded (its answer was lost, or a keepalive copy went too): done
  if (command.saveId !== undefined && state.recentSaveIds.includes(command.saveId)) return [];
  const keys = Object.keys(command.answers).length + Object.keys(command.notes).length;
  if (keys > MAX_PATCH_KEYS) {
    throw new DomainError('PATCH_TOO_LARGE', `answers: a patch holds at most ${MAX_PATCH_KEYS} keys, this one ${keys}`);
  }
  checkPatchAgainst(command.definition, command);
  const patch = withStoredTextMerged(command, state);
  const event: FormEvent = {
    type: 'form-patched',
    data: {
      answers: patch.answers,
      notes: patch.notes,
      ...(patch.respondent !== undefined ? { respondent: patch.respondent } : {}),
      ...(patch.summary !== undefined ? { summary: patch.summary } : {}),
      patchedAt: command.now,
      ...(command.saveId !== undefined ? { saveId: command.saveId } : {}),
    },
  };
  const after = documentBytes(evolveForm(state, event));
  if (after > MAX_DOCUMENT_BYTES && after > documentBytes(state)) {
    throw new DomainError(
      'DOCUMENT_TOO_LARGE',
      `a form holds at most ${MAX_DOCUMENT_BYTES.toLocaleString('en')} bytes (respondent, answers, notes and summary as UTF-8 JSON); ` +
        `this save would make it ${after.toLocaleString('en')}`,
    );
  }
  return [event];
}

export function decideForm(command: FormCommand, state: FormState): FormEvent[] {
  switch (command.type) {
    case 'patch-form':
      return patchForm(command, state);
    default:
      return assertNever(command.type);
  }
}

/**
 * The questionnaire page's two copies and the rules between them (spec 002 Part B), as plain
 * functions: what is shown, what the server last confirmed, which fields this page changed. Pure:
 * the timers and requests live in sync.ts, the tests drive these directly.
 *
 * Every field of the shared document has one key: `a:<question>` an answer, `n:<question>` a note,
 * `respondent`, `summary`.
 *
 * Two pages changing one field at once: a text field merges three ways (the text this page last
 * had from the server, the server's new text, the text typed here), so both people's words stay;
 * any other field keeps the spec's rule, the last save wins, and the page that lost its value is
 * told on that question (`changedElsewhere`).
 */
import type { Question } from './definition.ts';
import { mergeText } from '../../domain/forms/text-merge.ts';

export type Value = string | readonly string[] | Readonly<Record<string, string>>;
export type Fields = Readonly<Record<string, Value>>;

export type FormDocument = {
  readonly answers: Readonly<Record<string, Value>>;
  readonly notes: Readonly<Record<string, Value>>;
  readonly respondent: string;
  readonly summary: string;
  readonly version: number;
  readonly updatedAt: string | null;
};

export type Patch = {
  answers: Record<string, Value>;
  notes: Record<string, Value>;
  respondent?: string;
  summary?: string;
};

export type SyncState = {
  readonly shown: Fields;
  readonly confirmed: Fields;
  /** the save counter of `confirmed`; 0 before the first answer from the server */
  readonly version: number;
  readonly updatedAt: string | null;
  /** fields this page changed that the server has not confirmed */
  readonly dirty: ReadonlySet<string>;
  /** fields whose newer server value waits for the user to leave the field they are typing in */
  readonly deferred: ReadonlySet<string>;
  /** of each dirty field, the server's value that this page's change was made to */
  readonly bases: Readonly<Record<string, Value>>;
  /** fields whose shown value someone else's save replaced, until this page changes them */
  readonly changedElsewhere: ReadonlySet<string>;
};

export const emptyState: SyncState = {
  shown: {},
  confirmed: {},
  version: 0,
  updatedAt: null,
  dirty: new Set(),
  deferred: new Set(),
  bases: {},
  changedElsewhere: new Set(),
};

/** Which fields hold free text (merged when two pages change them) rather than a choice. */
export type IsText = (key: string) => boolean;

/** Notes, the respondent and the summary are always text; an answer is text when its question is. */
export const notesAreText: IsText = (key) => !key.startsWith('a:');

export function textFieldsOf(questions: readonly Pick<Question, 'id' | 't'>[]): IsText {
  const texts = new Set(questions.filter((question) => question.t === 'short' || question.t === 'long').map((question) => `a:${question.id}`));
  return (key) => notesAreText(key) || texts.has(key);
}

const asText = (value: Value | undefined): string => (typeof value === 'string' ? value : '');
const mergeable = (...values: (Value | undefined)[]): boolean => values.every((value) => value === undefined || typeof value === 'string');

const isEmpty = (value: Value | undefined): boolean =>
  value === undefined || value === '' || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.keys(value).length === 0);

/**
 * Equal by content: an object's keys are compared sorted, because the server's store does not keep
 * key order (comparing serialised strings would see a change in every answer and save forever).
 * A field never answered equals an empty answer.
 */
export function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a === undefined || b === undefined) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => item === b[index]);
  }
  const left = a as Readonly<Record<string, string>>;
  const right = b as Readonly<Record<string, string>>;
  const keys = Object.keys(left).sort();
  const otherKeys = Object.keys(right).sort();
  return keys.length === otherKeys.length && keys.every((key, index) => key === otherKeys[index] && left[key] === right[key]);
}

export function fieldsOf(document: Pick<FormDocument, 'answers' | 'notes' | 'respondent' | 'summary'>): Fields {
  const fields: Record<string, Value> = {};
  for (const [id, value] of Object.entries(document.answers)) fields[`a:${id}`] = value;
  for (const [id, value] of Object.entries(document.notes)) fields[`n:${id}`] = value;
  fields['respondent'] = document.respondent;
  fields['summary'] = document.summary;
  return fields;
}

/** The body that sends these fields: only they, each in its place. */
export function patchOf(fields: Fields): Patch {
  const patch: Patch = { answers: {}, notes: {} };
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith('a:')) patch.answers[key.slice(2)] = value;
    else if (key.startsWith('n:')) patch.notes[key.slice(2)] = value;
    else if (key === 'respondent' && typeof value === 'string') patch.respondent = value;
    else if (key === 'summary' && typeof value === 'string') patch.summary = value;
  }
  return patch;
}

function without(set: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(set);
  next.delete(key);
  return next;
}

/**
 * The user changed a field. Changing it back to what the server holds leaves nothing to send. Text
 * typed over an older copy than the server's (the field's catch-up was waiting for it to be left)
 * is merged with the server's at once, so the next save carries both.
 */
export function edit(state: SyncState, key: string, value: Value, isText: IsText = notesAreText): SyncState {
  let base = state.dirty.has(key) ? (state.bases[key] ?? state.confirmed[key]) : state.shown[key];
  let shown = value;
  const server = state.confirmed[key];
  if (isText(key) && mergeable(base, value, server) && !sameValue(base, server)) {
    shown = mergeText(asText(base), asText(value), asText(server));
    base = server;
  }
  const dirty = new Set(state.dirty);
  const bases: Record<string, Value> = { ...state.bases };
  if (sameValue(shown, server)) {
    dirty.delete(key);
    delete bases[key];
  } else {
    dirty.add(key);
    bases[key] = base ?? '';
  }
  return {
    ...state,
    shown: { ...state.shown, [key]: shown },
    dirty,
    bases,
    deferred: without(state.deferred, key),
    changedElsewhere: without(state.changedElsewhere, key),
  };
}

export function sameFields(a: Fields, b: Fields): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
}

/** The changes being sent and their save id, kept until the server confirms them. */
export type Outgoing = { readonly id: string; readonly fields: Fields };

/**
 * The send of `fields`: the same changes sent again keep their save id (the server answers a repeat
 * with what it did the first time), other changes get a new one.
 */
export function outgoingFor(outgoing: Outgoing | null, fields: Fields, newId: () => string): Outgoing {
  return outgoing && sameFields(outgoing.fields, fields) ? outgoing : { id: newId(), fields };
}

/**
 * The text each sent text field was changed from, so the server merges rather than replaces a text
 * someone else saved meanwhile (two saves from the same text, neither page seeing the other's).
 */
export function basesOf(state: SyncState, fields: Fields, isText: IsText): Record<string, string> {
  const bases: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const base = state.bases[key] ?? state.confirmed[key] ?? '';
    if (isText(key) && typeof value === 'string' && typeof base === 'string') bases[key] = base;
  }
  return bases;
}

/** What a save sends now: the changed fields as shown. */
export function pending(state: SyncState): Fields {
  return Object.fromEntries([...state.dirty].map((key) => [key, state.shown[key] ?? '']));
}

/**
 * A copy from the server (a poll, or a save's answer). Rule 4: the server's value for every field
 * this page did not change; this page's own for those it did, except that a text field both
 * changed becomes the merge of both (still to be sent). The field being typed in, unchanged here,
 * keeps what is shown and catches up when it loses focus (`leave`). A choice that someone else's
 * save changed under this page's eyes is marked. An older copy than the one held changes nothing.
 */
export function receive(state: SyncState, document: FormDocument, typingIn: string | null, isText: IsText = notesAreText): SyncState {
  if (document.version < state.version) return state;
  const confirmed = fieldsOf(document);
  const shown: Record<string, Value> = { ...state.shown };
  const dirty = new Set(state.dirty);
  const deferred = new Set(state.deferred);
  const bases: Record<string, Value> = { ...state.bases };
  const changedElsewhere = new Set(state.changedElsewhere);
  const settle = (key: string): void => {
    dirty.delete(key);
    delete bases[key];
  };
  for (const key of new Set([...Object.keys(shown), ...Object.keys(confirmed)])) {
    const server = confirmed[key];
    if (dirty.has(key)) {
      const base = bases[key] ?? state.confirmed[key];
      if (sameValue(shown[key], server)) {
        settle(key);
      } else if (isText(key) && mergeable(base, shown[key], server) && !sameValue(base, server)) {
        const merged = mergeText(asText(base), asText(shown[key]), asText(server));
        shown[key] = merged;
        if (sameValue(merged, server)) settle(key);
        else bases[key] = server ?? '';
      }
      deferred.delete(key);
    } else if (key === typingIn && !sameValue(shown[key], server)) {
      deferred.add(key);
    } else {
      // the first copy a page sees is nobody's change
      if (!isText(key) && state.version > 0 && !sameValue(shown[key], server)) changedElsewhere.add(key);
      deferred.delete(key);
      if (server === undefined) delete shown[key];
      else shown[key] = server;
    }
  }
  return { shown, confirmed, version: document.version, updatedAt: document.updatedAt, dirty, deferred, bases, changedElsewhere };
}

/**
 * A save of `sent` was accepted and answered with the document after it. What was sent is now
 * what the server holds of this page's change: the base of anything typed since.
 */
export function saved(state: SyncState, sent: Fields, document: FormDocument, typingIn: string | null, isText: IsText = notesAreText): SyncState {
  const dirty = new Set(state.dirty);
  const bases: Record<string, Value> = { ...state.bases };
  for (const [key, value] of Object.entries(sent)) {
    if (!dirty.has(key)) continue;
    // a field changed again while the save was on its way stays to be sent
    if (sameValue(state.shown[key], value)) {
      dirty.delete(key);
      delete bases[key];
    } else {
      bases[key] = value;
    }
  }
  const next = receive({ ...state, dirty, bases }, document, typingIn, isText);
  if (document.version < state.version) return next;
  // receive() takes a page's first copy as nobody's change; the answer to this page's own save can be
  // that first copy (its reads were lost, or the form had never been saved), and a choice in it
  // other than the one just sent is someone else's later save that replaced it
  const replaced = Object.entries(sent).filter(([key, value]) => !isText(key) && !next.dirty.has(key) && !sameValue(value, next.confirmed[key]));
  if (replaced.length === 0) return next;
  return { ...next, changedElsewhere: new Set([...next.changedElsewhere, ...replaced.map(([key]) => key)]) };
}

/** The user left a field: a server value that waited for it applies now. */
export function leave(state: SyncState, key: string): SyncState {
  if (!state.deferred.has(key)) return state;
  const shown: Record<string, Value> = { ...state.shown };
  const server = state.confirmed[key];
  if (server === undefined) delete shown[key];
  else shown[key] = server;
  return { ...state, shown, deferred: without(state.deferred, key) };
}

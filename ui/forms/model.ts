/**
 * The questionnaire page's two copies and the rules between them (spec 002 Part B), as plain
 * functions: what is shown, what the server last confirmed, which fields this page changed. Pure:
 * the timers and requests live in sync.ts, the tests drive these directly.
 *
 * Every field of the shared document has one key: `a:<question>` an answer, `n:<question>` a note,
 * `respondent`, `summary`.
 */
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
};

export const emptyState: SyncState = { shown: {}, confirmed: {}, version: 0, updatedAt: null, dirty: new Set(), deferred: new Set() };

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

/** The user changed a field. Changing it back to what the server holds leaves nothing to send. */
export function edit(state: SyncState, key: string, value: Value): SyncState {
  const dirty = new Set(state.dirty);
  if (sameValue(value, state.confirmed[key])) dirty.delete(key);
  else dirty.add(key);
  return { ...state, shown: { ...state.shown, [key]: value }, dirty, deferred: without(state.deferred, key) };
}

/** What a save sends now: the changed fields as shown. */
export function pending(state: SyncState): Fields {
  return Object.fromEntries([...state.dirty].map((key) => [key, state.shown[key] ?? '']));
}

/**
 * A copy from the server (a poll, or a save's answer). Rule 4: the server's value for every field
 * this page did not change; this page's own for those it did. The field being typed in keeps what
 * is typed and catches up when it loses focus (`leave`). An older copy than the one held changes
 * nothing.
 */
export function receive(state: SyncState, document: FormDocument, typingIn: string | null): SyncState {
  if (document.version < state.version) return state;
  const confirmed = fieldsOf(document);
  const shown: Record<string, Value> = { ...state.shown };
  const dirty = new Set(state.dirty);
  const deferred = new Set(state.deferred);
  for (const key of new Set([...Object.keys(shown), ...Object.keys(confirmed)])) {
    const server = confirmed[key];
    if (dirty.has(key)) {
      if (sameValue(shown[key], server)) dirty.delete(key);
    } else if (key === typingIn && !sameValue(shown[key], server)) {
      deferred.add(key);
    } else {
      deferred.delete(key);
      if (server === undefined) delete shown[key];
      else shown[key] = server;
    }
  }
  return { shown, confirmed, version: document.version, updatedAt: document.updatedAt, dirty, deferred };
}

/** A save of `sent` was accepted and answered with the merged document. */
export function saved(state: SyncState, sent: Fields, document: FormDocument, typingIn: string | null): SyncState {
  const dirty = new Set(state.dirty);
  // a field changed again while the save was on its way stays to be sent
  for (const [key, value] of Object.entries(sent)) if (sameValue(state.shown[key], value)) dirty.delete(key);
  return receive({ ...state, dirty }, document, typingIn);
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

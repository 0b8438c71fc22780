import { createStore, get, set } from 'idb-keyval';
import { ApiRefusal, isRecord, NoAnswer } from '../shared/api.ts';
import { formsApi } from './api.ts';
import type { SaveState } from '../shared/components/save-badge.tsx';
import { watchSyncMoments } from '../shared/sync-moments.ts';
import type { Question } from './definition.ts';
import {
  basesOf,
  edit,
  emptyState,
  type Fields,
  type FormDocument,
  type IsText,
  leave,
  notesAreText,
  type Outgoing,
  outgoingFor,
  patchOf,
  pending,
  receive,
  sameFields,
  saved,
  type SyncState,
  textFieldsOf,
  type Value,
} from './model.ts';

export const SAVE_DEBOUNCE_MS = 700;
export const POLL_MS = 5_000;
/** waits between tries when the server cannot be reached: doubling from 1 s up to 30 s */
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

export function isFormDocument(value: unknown): value is FormDocument {
  return (
    isRecord(value) &&
    typeof value['version'] === 'number' &&
    isRecord(value['answers']) &&
    isRecord(value['notes']) &&
    typeof value['respondent'] === 'string' &&
    typeof value['summary'] === 'string'
  );
}

/** What this device keeps of a form between visits: the last confirmed copy and unsent changes. */
type Kept = { readonly document: FormDocument; readonly unsent: Fields };
const keptStore = createStore('forms-pages', 'forms');

export type FormSyncView = { readonly state: SyncState; readonly save: SaveState; readonly loaded: boolean };

export type FormSync = {
  /** which answers are free text (merged when two pages change them at once) */
  questions(questions: readonly Question[]): void;
  change(key: string, value: Value): void;
  focus(key: string): void;
  blur(key: string): void;
  /** the hidden bot-trap field; a person never fills it */
  trap(value: string): void;
  retry(): void;
  stop(): void;
};

/** A save's id: 128 random bits, from getRandomValues, which (unlike randomUUID) a page served over plain http has too. */
export function newSaveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Keeps one form's page and the server's shared copy in step: saves 0.7 s after the last change,
 * one request at a time, only the changed fields; polls every 5 s while visible; retries with
 * back-off when offline; sends what is left with a keepalive request when the page is hidden or
 * closed. Unsent changes are kept on the device, so a reload or a closed tab loses nothing. Every
 * try of the same changes carries the same save id, so the server applies them once however many
 * copies arrive (a retry after a lost answer, the keepalive copy of a closing page).
 */
export function startFormSync(name: string, onView: (view: FormSyncView) => void): FormSync {
  let state: SyncState = emptyState;
  let saveState: SaveState = { kind: 'saved', at: null };
  let loaded = false;
  let typingIn: string | null = null;
  let website = '';
  let inFlight = false;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;
  let isText: IsText = notesAreText;
  /** the changes being sent and their id, until the server confirms them */
  let outgoing: Outgoing | null = null;
  const saveIdOf = (fields: Fields): string => (outgoing = outgoingFor(outgoing, fields, newSaveId)).id;
  const confirmed = (fields: Fields): void => {
    if (outgoing && sameFields(outgoing.fields, fields)) outgoing = null;
  };

  const show = (): void => onView({ state, save: saveState, loaded });
  const savedAt = (): SaveState => ({ kind: 'saved', at: state.updatedAt ? new Date(state.updatedAt) : null });
  const keep = (): void => {
    const document: FormDocument = { ...toDocument(state.confirmed), version: state.version, updatedAt: state.updatedAt };
    void set(name, { document, unsent: pending(state) } satisfies Kept, keptStore).catch(() => undefined);
  };

  function schedule(ms: number): void {
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      void save();
    }, ms);
  }

  function retryLater(ms: number): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void save();
    }, ms);
  }

  function failed(error: unknown): void {
    if (error instanceof ApiRefusal && error.status === 429) {
      saveState = { kind: 'failed', message: error.message };
      retryLater((error.retryAfterS ?? 30) * 1000);
    } else if (error instanceof NoAnswer || (error instanceof ApiRefusal && error.transient)) {
      saveState = { kind: 'offline' };
      retryLater(BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!);
      failures++;
    } else if (error instanceof ApiRefusal) {
      // the server will refuse the same change again: the user must change something first
      outgoing = null;
      saveState = { kind: 'failed', message: error.message };
    } else {
      throw error;
    }
  }

  async function save(): Promise<void> {
    if (stopped || inFlight || state.dirty.size === 0) return;
    inFlight = true;
    const sent = pending(state);
    const saveId = saveIdOf(sent);
    saveState = { kind: 'saving' };
    show();
    try {
      const document = await formsApi.post('/api/forms/{name}', {
        path: { name },
        body: { ...patchOf(sent), saveId, bases: basesOf(state, sent, isText), ...(website ? { website } : {}) },
        accept: isFormDocument,
      });
      failures = 0;
      if (retryTimer) clearTimeout(retryTimer);
      confirmed(sent);
      state = saved(state, sent, document, typingIn, isText);
      saveState = state.dirty.size > 0 ? { kind: 'saving' } : savedAt();
    } catch (error) {
      failed(error);
    } finally {
      inFlight = false;
    }
    keep();
    show();
    // changes made while this save was on its way go next, once their own debounce has run
    if (state.dirty.size > 0 && !debounce && saveState.kind === 'saving') void save();
  }

  async function poll(): Promise<void> {
    if (stopped || document.visibilityState !== 'visible') return;
    try {
      const document = await formsApi.get('/api/forms/{name}', { path: { name }, accept: isFormDocument });
      const before = state;
      state = receive(state, document, typingIn, isText);
      if (!loaded || saveState.kind === 'offline') {
        loaded = true;
        if (state.dirty.size === 0) saveState = savedAt();
        else if (!inFlight) void save();
      }
      if (state !== before) keep();
    } catch (error) {
      // a failed read is only news when nothing else said so
      if (error instanceof NoAnswer && state.dirty.size === 0 && saveState.kind === 'saved') saveState = { kind: 'offline' };
    }
    show();
  }

  // a reload shows what this device last saw at once, then the server's copy
  void get<Kept>(name, keptStore)
    .then((kept) => {
      if (kept && state.version === 0 && state.dirty.size === 0) {
        state = receive(state, kept.document, null, isText);
        for (const [key, value] of Object.entries(kept.unsent)) state = edit(state, key, value, isText);
        show();
      }
    })
    .catch(() => undefined)
    .finally(() => void poll().then(() => void save()));

  // a hidden or closing page may never run its timers again: what is unsent goes now, and survives the unload
  // a closing page is first hidden, then gets pagehide: the same changes are sent once
  let flushing: Fields | null = null;
  const flush = (): void => {
    if (state.dirty.size === 0) return;
    if (debounce) clearTimeout(debounce);
    debounce = null;
    keep();
    const sent = pending(state);
    if (flushing && sameFields(flushing, sent)) return;
    flushing = sent;
    void formsApi
      .post('/api/forms/{name}', { path: { name }, body: { ...patchOf(sent), saveId: saveIdOf(sent), bases: basesOf(state, sent, isText) }, accept: isFormDocument, keepalive: true })
      .then((document) => {
        confirmed(sent);
        state = saved(state, sent, document, typingIn, isText);
        if (state.dirty.size === 0) saveState = savedAt();
        keep();
        show();
      })
      .catch(() => undefined)
      .finally(() => {
        if (flushing === sent) flushing = null;
      });
  };
  // the moments every app shares; their interval is this page's 5 s poll, and the back-off after a
  // failed save keeps its own timer (retryLater)
  const unwatch = watchSyncMoments({
    intervalMs: POLL_MS,
    retry: (moment) => {
      if (moment === 'interval') {
        void poll();
        return;
      }
      if (moment === 'online') failures = 0;
      void poll().then(() => void save());
    },
    leaving: flush,
  });

  return {
    questions(questions) {
      isText = textFieldsOf(questions);
    },
    change(key, value) {
      state = edit(state, key, value, isText);
      if (saveState.kind !== 'offline' && state.dirty.size > 0) saveState = { kind: 'saving' };
      if (state.dirty.size === 0 && !inFlight && saveState.kind === 'saving') saveState = savedAt();
      keep();
      show();
      schedule(SAVE_DEBOUNCE_MS);
    },
    focus(key) {
      typingIn = key;
    },
    blur(key) {
      if (typingIn === key) typingIn = null;
      const next = leave(state, key);
      if (next !== state) {
        state = next;
        show();
      }
    },
    trap(value) {
      website = value;
      schedule(SAVE_DEBOUNCE_MS);
    },
    retry() {
      failures = 0;
      void save();
    },
    stop() {
      stopped = true;
      unwatch();
      if (debounce) clearTimeout(debounce);
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
}

function toDocument(fields: Fields): Omit<FormDocument, 'version' | 'updatedAt'> {
  const patch = patchOf(fields);
  return { answers: patch.answers, notes: patch.notes, respondent: patch.respondent ?? '', summary: patch.summary ?? '' };
}

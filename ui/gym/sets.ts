// Ticking sets at the rack: each tick is sent at once; when no answer comes it waits in the outbox
// (IndexedDB) and is sent again on online, on becoming visible and every 8 s. A tick is an upsert on
// (workout, exercise, set number), so a retry can never double a set.
import { ApiRefusal, isRetryable } from '../shared/api.ts';
import { createOutbox, type Outbox, type OutboxItem } from '../shared/outbox.ts';
import { gymApi, isTickBody } from './gym-api.ts';
import { type LoggedSet, type QueuedSet, type RowState, setKey } from './model.ts';

export type SetsView = {
  /** per set key: what happened to the last tick of that set in this page */
  readonly states: Readonly<Record<string, RowState>>;
  /**
   * sets ticked here the server has not confirmed, by key: on their way, refused, or waiting in the
   * outbox (also those queued before a reload)
   */
  readonly queued: Readonly<Record<string, QueuedSet & { readonly workoutId: string }>>;
  /** sets the server confirmed in this page, by key */
  readonly saved: Readonly<Record<string, LoggedSet>>;
  readonly waiting: number;
};

export type SetSync = {
  tick(workoutId: string, set: QueuedSet): Promise<void>;
  view(): SetsView;
  /** the set is gone from the server (deleted): this page forgets what it knew of it */
  forget(key: string): void;
  retry(): Promise<void>;
  /** ticks not confirmed by the server: waiting in the outbox, refused there, or on their way */
  unsent(): Promise<number>;
  /** signing out: every tick this phone holds is dropped, unsent, and the page forgets them */
  clear(): Promise<void>;
  stop(): void;
};

const pathOf = (workoutId: string) => `/api/sessions/${workoutId}/sets`;
const workoutOf = (item: OutboxItem): string => item.path.split('/')[3] ?? '';

export function startSetSync(onChange: (view: SetsView) => void): SetSync {
  let view: SetsView = { states: {}, queued: {}, saved: {}, waiting: 0 };
  const publish = (next: Partial<SetsView>) => {
    view = { ...view, ...next };
    onChange(view);
  };
  const mark = (key: string, state: RowState) => publish({ states: { ...view.states, [key]: state } });
  // ticks sent from this page and not confirmed: shown with their own numbers while the answer is
  // on its way (and after a refusal), so the row never falls back to a suggestion under the lifter
  const unconfirmed = new Map<string, QueuedSet & { readonly workoutId: string }>();
  const confirmed = (key: string, set: LoggedSet) => {
    unconfirmed.delete(key);
    const { [key]: _sent, ...queued } = view.queued;
    publish({ saved: { ...view.saved, [key]: set }, queued, states: { ...view.states, [key]: { kind: 'saved' } } });
  };

  // the version of each item the server accepted: it leaves the outbox a moment after the answer,
  // and must not show as queued again in between
  const accepted = new Map<string, string>();
  const refreshQueued = async (outbox: Outbox) => {
    const items = await outbox.items();
    const queued: Record<string, QueuedSet & { workoutId: string }> = Object.fromEntries(unconfirmed);
    const states = { ...view.states };
    for (const item of items) {
      if (!isTickBody(item.body) || accepted.get(item.key) === item.queuedAt) continue;
      queued[item.key] = { ...item.body, workoutId: workoutOf(item) };
      states[item.key] = item.refusal ? { kind: 'failed', message: item.refusal.message } : { kind: 'queued' };
    }
    publish({ queued, states });
  };

  const outbox: Outbox = createOutbox({
    name: 'gym',
    send: async (item) => {
      if (!isTickBody(item.body)) return;
      const set = await gymApi.tick(workoutOf(item), item.body);
      accepted.set(item.key, item.queuedAt);
      confirmed(item.key, set);
    },
    onStatus: (status) => {
      publish({ waiting: status.waiting });
      void refreshQueued(outbox);
    },
  });
  void refreshQueued(outbox);

  return {
    async tick(workoutId, set) {
      const key = setKey(workoutId, set.exerciseId, set.setNumber);
      const body = { exerciseId: set.exerciseId, setNumber: set.setNumber, kg: set.kg, reps: set.reps, ...(set.unit ? { unit: set.unit } : {}) };
      // while older ticks wait, this one waits behind them: sent straight away it could be
      // overwritten by an older tick of the same set arriving later
      if (outbox.status().waiting > 0) {
        mark(key, { kind: 'queued' });
        await outbox.queue(key, 'POST', pathOf(workoutId), body);
        return;
      }
      unconfirmed.set(key, { ...body, workoutId });
      publish({ queued: { ...view.queued, [key]: { ...body, workoutId } }, states: { ...view.states, [key]: { kind: 'saving' } } });
      try {
        confirmed(key, await gymApi.tick(workoutId, body));
      } catch (error) {
        if (isRetryable(error)) {
          mark(key, { kind: 'queued' });
          await outbox.queue(key, 'POST', pathOf(workoutId), body);
          unconfirmed.delete(key);
        } else {
          mark(key, { kind: 'failed', message: error instanceof ApiRefusal ? error.message : 'Not saved' });
        }
      }
    },
    forget(key) {
      const { [key]: _saved, ...saved } = view.saved;
      const { [key]: _state, ...states } = view.states;
      // a refused tick of the set goes with it; one waiting in the outbox stays
      const { [key]: _refused, ...queued } = view.queued;
      publish({ saved, states, queued: unconfirmed.delete(key) ? queued : view.queued });
    },
    view: () => view,
    retry: () => outbox.retry(),
    async unsent() {
      const keys = new Set([...(await outbox.items()).map((item) => item.key), ...unconfirmed.keys()]);
      return keys.size;
    },
    async clear() {
      unconfirmed.clear();
      accepted.clear();
      await outbox.clear();
      publish({ states: {}, queued: {}, saved: {}, waiting: 0 });
    },
    stop: () => outbox.stop(),
  };
}

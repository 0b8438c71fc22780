/**
 * Watched marks go through the shared outbox (ui/shared/outbox.ts), one per signed-in user: stored on
 * the phone before they are sent, so a mark made with no signal survives a reload and is sent when
 * the network is back. The screen shows them at once (marks.ts applies them on top of the server's
 * last answer); each answer replaces this phone's copy of the tracked show.
 */
import { ApiRefusal, request } from '../shared/api.ts';
import { replicaCopies } from '../shared/use-load.ts';
import { createOutbox, type OutboxItem } from '../shared/outbox.ts';
import { isTrackedShow } from './api.ts';
import { keyOf, type MarkCommand, markOfKey, type QueuedMark, requestOf } from './marks.ts';
import type { TrackedShow } from './model.ts';
import { type Replica, replicaKeys } from './replica.ts';

export type MarkSyncStatus = {
  /** marks not answered yet, in the order they were made */
  readonly queued: readonly QueuedMark[];
  /** the last try had no answer: the marks wait for the network */
  readonly offline: boolean;
  /** the server's last answer per show, as marks were sent */
  readonly answers: ReadonlyMap<number, TrackedShow>;
  /** the last mark the server refused, with its words: it is dropped, and the screen says so */
  readonly refused: { readonly mark: QueuedMark; readonly message: string } | null;
};

export type MarkSync = {
  /** shown at once (the status changes before this returns); stored, then sent in order */
  queue(command: MarkCommand): void;
  status(): MarkSyncStatus;
  subscribe(listener: (status: MarkSyncStatus) => void): () => void;
  /** sends now, rather than at the next retry moment (the header badge was tapped) */
  retry(): Promise<void>;
  /** forgets every mark not sent: signing out must not send them for the next account */
  clear(): Promise<void>;
  stop(): void;
};

export function startMarkSync(replica: Replica): MarkSync {
  let current: MarkSyncStatus = { queued: [], offline: false, answers: new Map(), refused: null };
  const listeners = new Set<(status: MarkSyncStatus) => void>();
  const publish = (next: Partial<MarkSyncStatus>): void => {
    current = { ...current, ...next };
    for (const listener of listeners) listener(current);
  };
  const without = (mark: QueuedMark): readonly QueuedMark[] => current.queued.filter((queued) => queued.id !== mark.id);

  const send = async (item: OutboxItem): Promise<void> => {
    const mark = markOfKey(item.key);
    // nothing this version of the app queued: it can never be shown, so it is not sent either
    if (!mark) return;
    try {
      const answer = await request(item.path, { method: item.method, body: item.body, accept: isTrackedShow });
      replicaCopies(replica).write(replicaKeys.tracked(mark.command.showId), answer);
      publish({ queued: without(mark), answers: new Map(current.answers).set(mark.command.showId, answer) });
    } catch (error) {
      // a refusal other than "signed out" will be the same next time (the show untracked on another
      // phone, an episode the provider dropped): the mark is dropped and the screen says why. Signed
      // out, the mark waits in the outbox for the same account to sign in again.
      if (error instanceof ApiRefusal && !error.transient && error.status !== 429) {
        publish({ queued: without(mark), refused: { mark, message: error.message } });
        if (error.status !== 401) return;
      }
      throw error;
    }
  };

  const outbox = createOutbox({
    name: `shows-${replica.userId}`,
    send,
    onStatus: (status) => {
      if (status.offline !== current.offline) publish({ offline: status.offline });
    },
  });

  // marks stored by an earlier visit (made offline, then the page was closed) are shown again
  void outbox.items().then((items) => {
    const stored = items.flatMap((item) => {
      const mark = item.refusal ? null : markOfKey(item.key);
      return mark ? [mark] : [];
    });
    const known = new Set(current.queued.map((mark) => mark.id));
    const earlier = stored.filter((mark) => !known.has(mark.id));
    if (earlier.length > 0) publish({ queued: [...earlier, ...current.queued] });
    // only a signed-out refusal is kept; this account is signed in again now
    if (items.some((item) => item.refusal)) void outbox.retry();
  });

  return {
    queue(command) {
      const mark: QueuedMark = { id: crypto.randomUUID(), madeAt: new Date().toISOString(), command };
      publish({ queued: [...current.queued, mark], refused: null });
      const { method, path, body } = requestOf(command);
      outbox.queue(keyOf(mark), method, path, body).catch(() => publish({ queued: without(mark), refused: { mark, message: 'This phone could not store the change.' } }));
    },
    status: () => current,
    retry: () => outbox.retry(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async clear() {
      await outbox.clear();
      publish({ queued: [], refused: null });
    },
    stop() {
      outbox.stop();
      listeners.clear();
    },
  };
}

import { randomUUID } from 'node:crypto';
import {
  claimNotification,
  type NotificationEvent,
  notificationAggregate,
  type NotificationKey,
  notificationStream,
} from '../../domain/shows/notification.ts';
import { fold } from '../../domain/shared/aggregate.ts';
import { type ExpectedRevision, type NewEvent, WrongExpectedRevisionError } from '../../infra/eventstore/port.ts';
import type { Core } from '../../command-api/shared/core.ts';
import type { CommandObserver } from '../../command-api/shared/handle-command.ts';
import { cuid } from '../../infra/ids.ts';

/**
 * Claims and outcomes on the key's stream, appended straight to the store: a key never used is
 * claimed by one append with `no_stream` (the usual case, one round trip); only a stream that
 * exists is read and decided on, and appended at the revision read. Whoever loses a race finds
 * the key taken. These appends bypass the command handler, so they tell `observer` themselves.
 */
export function notificationLedger(core: Pick<Core, 'store' | 'now'>, correlationId: string, observer?: CommandObserver) {
  const toAppend = (event: NotificationEvent, userId: string): NewEvent => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { userId, correlationId, causationId: randomUUID(), schemaVersion: notificationAggregate.schemaVersion },
  });
  /** `outcome`: what the caller does about a conflict, for the observer */
  const append = async (stream: string, event: NewEvent, expected: ExpectedRevision, outcome: 'retried' | 'gave_up') => {
    try {
      const result = await core.store.append(stream, [event], expected);
      observer?.appended(stream, 1);
      return result;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) observer?.conflicted(stream, outcome);
      throw error;
    }
  };
  return {
    async claim(key: NotificationKey, showId: number): Promise<{ notificationId: string; revision: bigint } | null> {
      const stream = notificationStream(key);
      const notificationId = cuid();
      const input = { ...key, notificationId, showId, now: core.now().toISOString() };
      const [fresh] = claimNotification(notificationAggregate.initialState, input);
      try {
        const result = await append(stream, toAppend(fresh!, key.userId), 'no_stream', 'retried');
        return { notificationId, revision: result.nextRevision };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
      const recorded = await core.store.readStream(stream);
      const [again] = claimNotification(fold(notificationAggregate, recorded), input);
      if (!again) return null;
      try {
        const result = await append(stream, toAppend(again, key.userId), recorded.at(-1)!.revision, 'gave_up');
        return { notificationId, revision: result.nextRevision };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) return null;
        throw error;
      }
    },
    async record(key: NotificationKey, claimedAt: bigint, event: NotificationEvent): Promise<void> {
      await append(notificationStream(key), toAppend(event, key.userId), claimedAt, 'gave_up');
    },
  };
}

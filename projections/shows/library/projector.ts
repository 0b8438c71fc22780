import { sql, type DatabaseTransactionConnection } from 'slonik';
import { assertNever } from '../../../domain/shared/events.ts';
import { LIBRARY_STREAM_PREFIX, parseLibraryEvent } from '../../../domain/shows/library.ts';
import type { RecordedEvent } from '../../../infra/eventstore/port.ts';

type TrackedRow = [string, string, number, string];
type WatchedRow = [string, string, string, number, number, number, number | null, string];

/**
 * Applies library events in order. Consecutive `show-tracked` and `episode-watched` events are
 * held and written as one multi-row statement when anything else comes or the batch ends.
 */
export function createLibraryWriter(tx: DatabaseTransactionConnection, schema: string) {
  const tracked = sql.identifier([schema, 'tracked_shows']);
  const watched = sql.identifier([schema, 'watched_episodes']);
  const dismissed = sql.identifier([schema, 'dismissed_suggestions']);
  let pendingTracked: TrackedRow[] = [];
  let pendingWatched: WatchedRow[] = [];
  // an episode-watched needs its show id: from the tracked rows, including those still pending
  const showOf = new Map<string, number>();

  async function flush(): Promise<void> {
    if (pendingTracked.length > 0) {
      const rows = pendingTracked;
      pendingTracked = [];
      await tx.query(sql.unsafe`
        INSERT INTO ${tracked} (id, user_id, show_id, tracked_at)
        SELECT * FROM ${sql.unnest(rows, ['text', 'text', 'int4', 'timestamptz'])}
        ON CONFLICT DO NOTHING`);
    }
    if (pendingWatched.length > 0) {
      // one row per (tracked show, episode), the last one winning: an upsert may not touch a row twice
      const rows = [...new Map(pendingWatched.map((row) => [`${row[2]} ${row[4]}`, row])).values()];
      pendingWatched = [];
      await tx.query(sql.unsafe`
        INSERT INTO ${watched} (id, user_id, tracked_show_id, show_id, episode_id, season, number, watched_at)
        SELECT * FROM ${sql.unnest(rows, ['text', 'text', 'text', 'int4', 'int4', 'int4', 'int4', 'timestamptz'])}
        ON CONFLICT (tracked_show_id, episode_id) DO UPDATE SET id = EXCLUDED.id, watched_at = EXCLUDED.watched_at`);
    }
  }

  async function showIdOf(trackedShowId: string): Promise<number | null> {
    const known = showOf.get(trackedShowId);
    if (known !== undefined) return known;
    const row = await tx.maybeOneFirst(sql.unsafe`SELECT show_id FROM ${tracked} WHERE id = ${trackedShowId}`);
    return typeof row === 'number' ? row : null;
  }

  async function add(recorded: RecordedEvent): Promise<void> {
    const userId = recorded.stream.slice(LIBRARY_STREAM_PREFIX.length);
    const event = parseLibraryEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion);
    if (event.type === 'show-tracked') {
      showOf.set(event.data.trackedShowId, event.data.showId);
      pendingTracked.push([event.data.trackedShowId, userId, event.data.showId, event.data.at]);
      return;
    }
    if (event.type === 'episode-watched') {
      // the tracked row this refers to may still be pending: write it first
      if (!showOf.has(event.data.trackedShowId)) await flush();
      const showId = await showIdOf(event.data.trackedShowId);
      if (showId === null) return;
      const { watchedEpisodeId, trackedShowId, episodeId, season, number, at } = event.data;
      pendingWatched.push([watchedEpisodeId, userId, trackedShowId, showId, episodeId, season, number, at]);
      return;
    }
    await flush();
    switch (event.type) {
      case 'show-untracked':
        await tx.query(sql.unsafe`DELETE FROM ${watched} WHERE tracked_show_id = ${event.data.trackedShowId}`);
        await tx.query(sql.unsafe`DELETE FROM ${tracked} WHERE id = ${event.data.trackedShowId}`);
        showOf.delete(event.data.trackedShowId);
        return;
      case 'watchlist-changed':
        await tx.query(sql.unsafe`UPDATE ${tracked} SET on_watchlist = ${event.data.onWatchlist} WHERE id = ${event.data.trackedShowId}`);
        return;
      case 'episode-unwatched':
        await tx.query(sql.unsafe`
          DELETE FROM ${watched} WHERE tracked_show_id = ${event.data.trackedShowId} AND episode_id = ${event.data.episodeId}`);
        return;
      case 'latest-watched-set':
        await tx.query(sql.unsafe`
          UPDATE ${tracked} SET latest_watched_episode_id = ${event.data.episodeId} WHERE id = ${event.data.trackedShowId}`);
        return;
      case 'show-completed':
        await tx.query(sql.unsafe`
          UPDATE ${tracked} SET completed_at = coalesce(completed_at, ${event.data.at}), rating = ${event.data.rating}
          WHERE id = ${event.data.trackedShowId}`);
        return;
      case 'show-uncompleted':
        await tx.query(sql.unsafe`UPDATE ${tracked} SET completed_at = NULL, rating = NULL WHERE id = ${event.data.trackedShowId}`);
        return;
      case 'notify-changed':
        await tx.query(sql.unsafe`UPDATE ${tracked} SET notify = ${event.data.notify} WHERE id = ${event.data.trackedShowId}`);
        return;
      case 'suggestion-dismissed':
        await tx.query(sql.unsafe`
          INSERT INTO ${dismissed} (id, user_id, show_id, dismissed_at)
          VALUES (${event.data.dismissalId}, ${userId}, ${event.data.showId}, ${event.data.at})
          ON CONFLICT DO NOTHING`);
        return;
      default:
        assertNever(event);
    }
  }

  return { add, flush };
}

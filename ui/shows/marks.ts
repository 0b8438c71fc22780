/**
 * Watched marks as commands (pure, no I/O): what a mark asks the API, how a queued mark is named in
 * the outbox, and the tracked show as this phone shows it while marks wait (the server's last answer
 * with the queued marks applied on top, in the order they were made). Every mark is a set, never a
 * toggle: sent twice, it leaves the server as sent once.
 */
import type { Episode, TrackedShow } from './model.ts';
import type { SaveState } from '../shared/save-state.ts';

export type MarkCommand =
  | { readonly kind: 'episode'; readonly trackedId: string; readonly showId: number; readonly episodeId: number; readonly watched: boolean }
  | { readonly kind: 'season'; readonly trackedId: string; readonly showId: number; readonly season: number; readonly watched: boolean }
  | { readonly kind: 'latest'; readonly trackedId: string; readonly showId: number; readonly episodeId: number | null };

/** A queued mark: the command and the id the phone gave it when it was made. */
export type QueuedMark = { readonly id: string; readonly madeAt: string; readonly command: MarkCommand };

export type MarkRequest = { readonly method: 'PUT'; readonly path: string; readonly body: Readonly<Record<string, unknown>> };

export function requestOf(command: MarkCommand): MarkRequest {
  const base = `/api/shows/tracked/${encodeURIComponent(command.trackedId)}`;
  switch (command.kind) {
    case 'episode':
      return { method: 'PUT', path: `${base}/episode`, body: { episodeId: command.episodeId, watched: command.watched } };
    case 'season':
      return { method: 'PUT', path: `${base}/season`, body: { season: command.season, watched: command.watched } };
    case 'latest':
      return { method: 'PUT', path: `${base}/watched`, body: { episodeId: command.episodeId } };
    default:
      return assertNever(command);
  }
}

const PREFIX = 'mark:';

/**
 * The outbox key of a queued mark. Each mark has a key of its own (its id), so none replaces another:
 * an episode ticked, its season unticked and the episode ticked again reach the server in that order.
 */
export function keyOf(mark: QueuedMark): string {
  return `${PREFIX}${JSON.stringify(mark)}`;
}

/** The mark an outbox key names; null for a key that is not a mark of this version of the app. */
export function markOfKey(key: string): QueuedMark | null {
  if (!key.startsWith(PREFIX)) return null;
  try {
    const value: unknown = JSON.parse(key.slice(PREFIX.length));
    return isQueuedMark(value) ? value : null;
  } catch {
    return null;
  }
}

function isQueuedMark(value: unknown): value is QueuedMark {
  if (typeof value !== 'object' || value === null) return false;
  const { id, madeAt, command } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof madeAt !== 'string' || typeof command !== 'object' || command === null) return false;
  const fields = command as Record<string, unknown>;
  if (typeof fields['trackedId'] !== 'string' || typeof fields['showId'] !== 'number') return false;
  switch (fields['kind']) {
    case 'episode':
      return typeof fields['episodeId'] === 'number' && typeof fields['watched'] === 'boolean';
    case 'season':
      return typeof fields['season'] === 'number' && typeof fields['watched'] === 'boolean';
    case 'latest':
      return fields['episodeId'] === null || typeof fields['episodeId'] === 'number';
    default:
      return false;
  }
}

/** The episodes a mark changes, and to what; the latest-watched marker changes none. */
export function episodesMarked(command: MarkCommand, episodes: readonly Episode[]): ReadonlyMap<number, boolean> {
  switch (command.kind) {
    case 'episode':
      return new Map([[command.episodeId, command.watched]]);
    case 'season':
      // the server marks every episode it lists in the season, specials included
      return new Map(episodes.filter((episode) => episode.season === command.season).map((episode) => [episode.id, command.watched]));
    case 'latest':
      return new Map();
    default:
      return assertNever(command);
  }
}

/** The server's episode counts only numbered episodes that have aired (projections/shows/library/read-tracked-shows.ts). */
function hasAired(episode: Episode, now: Date): boolean {
  return episode.number !== null && episode.airstamp !== null && Date.parse(episode.airstamp) <= now.getTime();
}

/**
 * The tracked show with the queued marks applied on top of the server's last answer. The counts
 * move by the episodes that changed, so a phone's clock that differs from the server's can only err
 * on the episodes marked here, never on the rest of the show.
 */
export function withQueuedMarks(confirmed: TrackedShow, episodes: readonly Episode[], queued: readonly MarkCommand[], now: Date): TrackedShow {
  const mine = queued.filter((command) => command.trackedId === confirmed.id);
  if (mine.length === 0) return confirmed;
  const before = new Set(confirmed.watchedEpisodeIds);
  const watched = new Set(before);
  for (const command of mine) {
    for (const [episodeId, to] of episodesMarked(command, episodes)) {
      if (to) watched.add(episodeId);
      else watched.delete(episodeId);
    }
  }
  let behind = confirmed.episodesBehind;
  if (behind !== null) {
    for (const episode of episodes) {
      if (!hasAired(episode, now) || before.has(episode.id) === watched.has(episode.id)) continue;
      behind += watched.has(episode.id) ? -1 : 1;
    }
    behind = Math.max(0, behind);
  }
  return { ...confirmed, watchedEpisodeIds: [...watched].sort((a, b) => a - b), watchedCount: watched.size, episodesBehind: behind };
}

/** The episodes a queued mark of this tracked show will change: what the screen marks as queued. */
export function queuedEpisodes(trackedId: string, episodes: readonly Episode[], queued: readonly MarkCommand[]): ReadonlySet<number> {
  const ids = new Set<number>();
  for (const command of queued) {
    if (command.trackedId !== trackedId) continue;
    for (const episodeId of episodesMarked(command, episodes).keys()) ids.add(episodeId);
  }
  return ids;
}

function assertNever(value: never): never {
  throw new Error(`not a mark: ${JSON.stringify(value)}`);
}

/**
 * The header badge for the marks: Saved with none waiting, Saving while they go, Offline (will sync)
 * once a try got no answer. A refused mark is dropped (it would be refused again), so Not saved
 * stays only until the next mark and names the server's reason.
 */
export function marksSaveState(status: { readonly queued: readonly unknown[]; readonly offline: boolean; readonly refused: { readonly message: string } | null }): SaveState {
  if (status.queued.length > 0) return status.offline ? { kind: 'offline' } : { kind: 'saving' };
  if (status.refused) return { kind: 'failed', message: status.refused.message };
  return { kind: 'saved', at: null };
}

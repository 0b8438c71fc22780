import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.ts';
import { Artwork, Link, LoadedView, PhoneCopy, useLoad, useMarkStatus } from './common.tsx';
import { messageOf } from '../shared/messages.ts';
import { type MarkCommand, queuedEpisodes, withQueuedMarks } from './marks.ts';
import { replicaKeys } from './replica.ts';
import { links } from './routes.ts';
import { type Episode, episodeCode, episodesUpTo, nextLabel, plainText, seasonsOf, type ShowDetail, type TrackedShow, upToHere, behindLabel } from './model.ts';

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved' }
  | { readonly kind: 'failed'; readonly message: string }
  /** marks kept on this phone, waiting for the network */
  | { readonly kind: 'queued'; readonly count: number };


/** One show: overview, seasons and episodes; tracking and marking what was watched. */
export function ShowScreen({ showId }: { readonly showId: number }) {
  const detail = useLoad(() => api.show(showId), `show-${showId}`, replicaKeys.show(showId));
  const tracking = useLoad(async () => (await api.trackedFor(showId)).tracked, `tracked-${showId}`, replicaKeys.tracked(showId));
  useEffect(() => {
    if (detail.state.kind === 'ok') document.title = `${detail.state.value.name} · Shows`;
  }, [detail.state]);
  return (
    <LoadedView state={detail.state} reload={detail.reload} what="the show">
      {(show) => (
        <article class="show">
          <div class="show-head">
            <Artwork image={show.image} name={show.name} size="large" />
            <div class="show-facts">
              <h2>{show.name}</h2>
              <p class="muted">{[show.network, show.premiered?.slice(0, 4), show.status].filter(Boolean).join(' · ')}</p>
              {show.genres.length > 0 ? <p class="muted">{show.genres.join(', ')}</p> : null}
              <p>{nextLabel(show.nextEpisode)}</p>
            </div>
          </div>
          {show.summary ? <p class="overview">{plainText(show.summary)}</p> : <p class="muted">No overview from the TV data provider.</p>}
          <LoadedView state={tracking.state} reload={tracking.reload} what="your progress">
            {(tracked) => <Tracking show={show} tracked={tracked} onChange={tracking.set} />}
          </LoadedView>
          <Similar showId={show.id} />
        </article>
      )}
    </LoadedView>
  );
}

function Tracking({ show, tracked, onChange }: { readonly show: ShowDetail; readonly tracked: TrackedShow | null; readonly onChange: (tracked: TrackedShow | null) => void }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [confirmUntrack, setConfirmUntrack] = useState(false);
  const marks = useContext(PhoneCopy)?.marks ?? null;
  const markStatus = useMarkStatus(marks);
  const queued: readonly MarkCommand[] = markStatus.queued.map((mark) => mark.command);
  const mine = tracked ? queued.filter((command) => command.trackedId === tracked.id).length : 0;
  const marking = useRef(false);

  /** Runs changes one after another, so each answer is newer than the last one shown. */
  const enqueue = (work: () => Promise<void>) => {
    setStatus({ kind: 'saving' });
    const next = queue.current.then(work).then(
      () => {
        if (queue.current === next) setStatus({ kind: 'saved' });
      },
      (error: unknown) => setStatus({ kind: 'failed', message: messageOf(error) }),
    );
    queue.current = next;
  };

  // each answer to a mark is the server's newest copy of this show: shown, with what still waits on top
  const answer = markStatus.answers.get(show.id);
  const answerAtMount = useRef(answer);
  useEffect(() => {
    if (answer && answer !== answerAtMount.current) onChange(answer);
  }, [answer]);

  // the marks made here all answered: saved, or refused with the server's words
  useEffect(() => {
    // marks stored by an earlier visit count too: the screen says when they reach the server
    if (mine > 0) marking.current = true;
    if (!marking.current || mine > 0) return;
    marking.current = false;
    const refused = markStatus.refused;
    setStatus(refused && refused.mark.command.showId === show.id ? { kind: 'failed', message: refused.message } : { kind: 'saved' });
  }, [mine, markStatus.refused]);

  /** A mark is shown at once, kept on this phone and sent in order; with no network it waits there. */
  const mark = (commands: readonly MarkCommand[]) => {
    if (!marks || commands.length === 0) return;
    marking.current = true;
    setStatus({ kind: 'saving' });
    for (const command of commands) marks.queue(command);
  };

  if (!tracked) {
    return (
      <section class="tracking" aria-label="Tracking">
        <p>You do not track this show.</p>
        <div class="actions">
          <button
            type="button"
            class="primary"
            disabled={status.kind === 'saving'}
            onClick={() =>
              enqueue(async () => {
                onChange(await api.track(show.id));
              })
            }
          >
            Track this show
          </button>
        </div>
        <StatusLine status={status} />
        <Seasons episodes={show.episodes} />
      </section>
    );
  }

  const shown = withQueuedMarks(tracked, show.episodes, queued, new Date());
  const watched = new Set(shown.watchedEpisodeIds);
  const isWatched = (episode: Episode) => watched.has(episode.id);
  // with no network, the episodes whose marks wait on this phone say so
  const waiting = markStatus.offline ? queuedEpisodes(tracked.id, show.episodes, queued) : new Set<number>();
  const base = { trackedId: tracked.id, showId: show.id };

  const markEpisodes = (episodes: readonly Episode[], to: boolean) => mark(episodes.map((episode) => ({ ...base, kind: 'episode', episodeId: episode.id, watched: to })));
  const markSeason = (season: number, _episodes: readonly Episode[], to: boolean) => mark([{ ...base, kind: 'season', season, watched: to }]);
  const markUpToHere = (target: Episode, to: boolean) =>
    mark([
      ...upToHere(show.episodes, watched, target.id, to).map((each): MarkCommand => (each.kind === 'season' ? { ...base, kind: 'season', season: each.season, watched: to } : { ...base, kind: 'episode', episodeId: each.episodeId, watched: to })),
      // the marker follows the furthest episode watched by this action
      ...(to ? [{ ...base, kind: 'latest', episodeId: target.id } as const] : []),
    ]);
  const shownStatus: Status = mine > 0 ? (markStatus.offline ? { kind: 'queued', count: mine } : { kind: 'saving' }) : status;

  return (
    <section class="tracking" aria-label="Tracking">
      <p class="progress" data-testid="progress">
        {shown.completedAt ? `Completed${shown.rating ? `, rated ${shown.rating}/10` : ''}. ` : shown.onWatchlist ? 'On your watchlist. ' : ''}
        Watched {shown.watchedCount} {shown.watchedCount === 1 ? 'episode' : 'episodes'}. {behindLabel(shown)}.
      </p>
      <div class="actions">
        {!tracked.completedAt ? (
          <button type="button" onClick={() => enqueue(async () => onChange(await api.setWatchlist(tracked.id, !tracked.onWatchlist)))}>
            {tracked.onWatchlist ? 'Take off the watchlist' : 'Save to watchlist'}
          </button>
        ) : null}
        <Completion tracked={tracked} onRate={(rating) => enqueue(async () => onChange(await api.complete(tracked.id, rating)))} onReopen={() => enqueue(async () => onChange(await api.uncomplete(tracked.id)))} />
        <button type="button" class="danger" onClick={() => setConfirmUntrack(true)} aria-expanded={confirmUntrack}>
          Untrack
        </button>
      </div>
      <label class="switch">
        <input type="checkbox" role="switch" checked={tracked.notify} onChange={(event) => {
          const on = event.currentTarget.checked;
          event.currentTarget.checked = tracked.notify;
          enqueue(async () => onChange(await api.setNotify(tracked.id, on)));
        }} />
        <span>Notify me when an episode of this show airs</span>
      </label>
      {confirmUntrack ? (
        <div class="confirm" role="group" aria-labelledby="untrack-question">
          <p id="untrack-question">Stop tracking {show.name}? Your history of its {tracked.watchedCount} watched {tracked.watchedCount === 1 ? 'episode' : 'episodes'} goes with it.</p>
          <div class="actions">
            <button
              type="button"
              class="danger primary-danger"
              onClick={() =>
                enqueue(async () => {
                  await api.untrack(tracked.id);
                  setConfirmUntrack(false);
                  onChange(null);
                })
              }
            >
              Untrack and delete history
            </button>
            <button type="button" onClick={() => setConfirmUntrack(false)}>
              Keep tracking
            </button>
          </div>
        </div>
      ) : null}
      <StatusLine status={shownStatus} />
      <Seasons episodes={show.episodes} isWatched={isWatched} waiting={waiting} onEpisode={(episode, to) => markEpisodes([episode], to)} onSeason={markSeason} onUpToHere={markUpToHere} />
    </section>
  );
}

function Completion({ tracked, onRate, onReopen }: { readonly tracked: TrackedShow; readonly onRate: (rating: number) => void; readonly onReopen: () => void }) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(tracked.rating ?? 8);
  if (!open) {
    return (
      <>
        <button type="button" onClick={() => setOpen(true)} aria-expanded="false">
          {tracked.completedAt ? 'Change rating' : 'Finish and rate'}
        </button>
        {tracked.completedAt ? (
          <button type="button" onClick={onReopen}>
            Not finished after all
          </button>
        ) : null}
      </>
    );
  }
  return (
    <form
      class="rate"
      onSubmit={(event) => {
        event.preventDefault();
        onRate(rating);
        setOpen(false);
      }}
    >
      <label for="rating">Your rating (1 to 10)</label>
      <select id="rating" value={String(rating)} onChange={(event) => setRating(Number(event.currentTarget.value))}>
        {[10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((value) => (
          <option value={String(value)} key={value}>
            {value}
          </option>
        ))}
      </select>
      <button type="submit" class="primary">
        {tracked.completedAt ? 'Save rating' : 'Mark completed'}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}

function statusText(status: Status): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'failed':
      return `Not saved: ${status.message}`;
    case 'queued':
      return `Offline: ${status.count === 1 ? '1 mark' : `${status.count} marks`} kept on this phone, sent when it is online`;
  }
}

function StatusLine({ status }: { readonly status: Status }) {
  return (
    <p class={`status status-${status.kind}`} role={status.kind === 'failed' ? 'alert' : 'status'} data-testid="show-status">
      {statusText(status)}
    </p>
  );
}

type SeasonsProps = {
  readonly episodes: readonly Episode[];
  readonly isWatched?: (episode: Episode) => boolean;
  /** episodes whose marks wait on this phone for the network */
  readonly waiting?: ReadonlySet<number>;
  readonly onEpisode?: (episode: Episode, watched: boolean) => void;
  readonly onSeason?: (season: number, episodes: readonly Episode[], watched: boolean) => void;
  readonly onUpToHere?: (episode: Episode, watched: boolean) => void;
};

/** The episode list by season; the marking controls only when the show is tracked. */
function Seasons({ episodes, isWatched, waiting, onEpisode, onSeason, onUpToHere }: SeasonsProps) {
  const seasons = seasonsOf(episodes);
  if (seasons.length === 0) return <p class="muted">The TV data provider lists no episodes for this show yet.</p>;
  return (
    <div class="seasons">
      {seasons.map(({ season, episodes: list }) => {
        const allWatched = isWatched ? list.every(isWatched) : false;
        const seen = isWatched ? list.filter(isWatched).length : 0;
        return (
          <section class="season" key={season} aria-labelledby={`season-${season}`}>
            <div class="season-head">
              <h3 id={`season-${season}`}>Season {season}</h3>
              {isWatched ? (
                <span class="muted small">
                  {seen} of {list.length} watched
                </span>
              ) : null}
              {onSeason ? (
                <button type="button" onClick={() => onSeason(season, list, !allWatched)}>
                  {allWatched ? `Mark season ${season} unwatched` : `Mark season ${season} watched`}
                </button>
              ) : null}
            </div>
            <ol class="episodes">
              {list.map((episode) => {
                const code = episodeCode(episode);
                return (
                  <li class="episode" key={episode.id}>
                    {isWatched && onEpisode ? (
                      <label class="episode-check">
                        <input type="checkbox" checked={isWatched(episode)} onChange={(event) => onEpisode(episode, event.currentTarget.checked)} />
                        <span>
                          <span class="code">{code}</span> {episode.name}
                        </span>
                      </label>
                    ) : (
                      <span class="episode-name">
                        <span class="code">{code}</span> {episode.name}
                      </span>
                    )}
                    {waiting?.has(episode.id) ? (
                      <span class="queued small" data-testid="queued-mark">
                        Queued
                      </span>
                    ) : null}
                    <span class="muted small airdate">{episode.airdate ?? 'Not scheduled'}</span>
                    {onUpToHere && isWatched ? (
                      // every episode up to here watched already: the same button takes them back
                      episodesUpTo(episodes, episode.id).every(isWatched) ? (
                        // the name starts with the words shown (WCAG 2.5.3, label in name): a voice user says what they see
                        <button type="button" class="small-button" aria-label={`Unmark to here: unwatched up to ${code}`} onClick={() => onUpToHere(episode, false)}>
                          Unmark to here
                        </button>
                      ) : (
                        <button type="button" class="small-button" aria-label={`Up to here: watched up to ${code}`} onClick={() => onUpToHere(episode, true)}>
                          Up to here
                        </button>
                      )
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}


/** Related shows by genre, type, language and network (the service's own ranking). */
function Similar({ showId }: { readonly showId: number }) {
  const loaded = useLoad(() => api.similar(showId), `similar-${showId}`, replicaKeys.similar(showId));
  return (
    <section class="similar" aria-labelledby="similar-title">
      <h3 id="similar-title">Similar shows</h3>
      <LoadedView state={loaded.state} reload={loaded.reload} what="similar shows">
        {(shows) =>
          shows.length === 0 ? (
            <p class="muted">No similar shows found.</p>
          ) : (
            <ul class="cards">
              {shows.map((similar) => (
                <li class="card" key={similar.id} data-testid="similar-show">
                  <Artwork image={similar.image} name={similar.name} />
                  <div class="card-body">
                    <h4>
                      <Link href={links.show(similar.id)}>{similar.name}</Link>
                    </h4>
                    <p class="muted small">{similar.genres.join(', ')}</p>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.ts';
import { Artwork, describe, Link, LoadedView, useLoad } from './common.tsx';
import { links } from './routes.ts';
import { type Episode, episodeCode, episodesUpTo, nextLabel, plainText, seasonsOf, type ShowDetail, type TrackedShow, upToHere, behindLabel } from './model.ts';

type Status = { readonly kind: 'idle' } | { readonly kind: 'saving' } | { readonly kind: 'saved' } | { readonly kind: 'failed'; readonly message: string };

/** One show: overview, seasons and episodes; tracking and marking what was watched. */
export function ShowScreen({ showId }: { readonly showId: number }) {
  const detail = useLoad(() => api.show(showId), `show-${showId}`);
  const tracking = useLoad(async () => (await api.trackedFor(showId)).tracked, `tracked-${showId}`);
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
  // what the user asked for and the API has not answered yet: shown at once, dropped on the answer
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [confirmUntrack, setConfirmUntrack] = useState(false);

  /** Runs changes one after another, so each answer is newer than the last one shown. */
  const enqueue = (work: () => Promise<void>) => {
    setStatus({ kind: 'saving' });
    const next = queue.current.then(work).then(
      () => {
        if (queue.current === next) setStatus({ kind: 'saved' });
      },
      (error: unknown) => {
        setPending(new Map());
        setStatus({ kind: 'failed', message: describe(error) });
      },
    );
    queue.current = next;
  };

  const expect = (episodeIds: readonly number[], watched: boolean) =>
    setPending((current) => {
      const next = new Map(current);
      for (const id of episodeIds) next.set(id, watched);
      return next;
    });
  const settle = (episodeIds: readonly number[]) =>
    setPending((current) => {
      const next = new Map(current);
      for (const id of episodeIds) next.delete(id);
      return next;
    });

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

  const watched = new Set(tracked.watchedEpisodeIds);
  const isWatched = (episode: Episode) => pending.get(episode.id) ?? watched.has(episode.id);

  const markEpisodes = (episodes: readonly Episode[], to: boolean) => {
    const ids = episodes.map((episode) => episode.id);
    expect(ids, to);
    enqueue(async () => {
      try {
        for (const id of ids) onChange(await api.markEpisode(tracked.id, id, to));
      } finally {
        settle(ids);
      }
    });
  };
  const markSeason = (season: number, episodes: readonly Episode[], to: boolean) => {
    const ids = episodes.map((episode) => episode.id);
    expect(ids, to);
    enqueue(async () => {
      try {
        onChange(await api.markSeason(tracked.id, season, to));
      } finally {
        settle(ids);
      }
    });
  };
  const markUpToHere = (target: Episode, to: boolean) => {
    const marks = upToHere(show.episodes, watched, target.id, to);
    const ids = episodesUpTo(show.episodes, target.id).map((episode) => episode.id);
    expect(ids, to);
    enqueue(async () => {
      try {
        for (const mark of marks) {
          onChange(mark.kind === 'season' ? await api.markSeason(tracked.id, mark.season, to) : await api.markEpisode(tracked.id, mark.episodeId, to));
        }
        // the marker follows the furthest episode watched by this action
        if (to) onChange(await api.setLatest(tracked.id, target.id));
      } finally {
        settle(ids);
      }
    });
  };

  return (
    <section class="tracking" aria-label="Tracking">
      <p class="progress" data-testid="progress">
        {tracked.completedAt ? `Completed${tracked.rating ? `, rated ${tracked.rating}/10` : ''}. ` : tracked.onWatchlist ? 'On your watchlist. ' : ''}
        Watched {tracked.watchedCount} {tracked.watchedCount === 1 ? 'episode' : 'episodes'}. {behindLabel(tracked)}.
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
      <StatusLine status={status} />
      <Seasons episodes={show.episodes} isWatched={isWatched} onEpisode={(episode, to) => markEpisodes([episode], to)} onSeason={markSeason} onUpToHere={markUpToHere} />
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

function StatusLine({ status }: { readonly status: Status }) {
  return (
    <p class={`status status-${status.kind}`} role={status.kind === 'failed' ? 'alert' : 'status'} data-testid="show-status">
      {status.kind === 'saving' ? 'Saving…' : status.kind === 'saved' ? 'Saved' : status.kind === 'failed' ? `Not saved: ${status.message}` : ''}
    </p>
  );
}

type SeasonsProps = {
  readonly episodes: readonly Episode[];
  readonly isWatched?: (episode: Episode) => boolean;
  readonly onEpisode?: (episode: Episode, watched: boolean) => void;
  readonly onSeason?: (season: number, episodes: readonly Episode[], watched: boolean) => void;
  readonly onUpToHere?: (episode: Episode, watched: boolean) => void;
};

/** The episode list by season; the marking controls only when the show is tracked. */
function Seasons({ episodes, isWatched, onEpisode, onSeason, onUpToHere }: SeasonsProps) {
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
                    <span class="muted small airdate">{episode.airdate ?? 'Not scheduled'}</span>
                    {onUpToHere && isWatched ? (
                      // every episode up to here watched already: the same button takes them back
                      episodesUpTo(episodes, episode.id).every(isWatched) ? (
                        <button type="button" class="small-button" aria-label={`Unwatched up to ${code}`} onClick={() => onUpToHere(episode, false)}>
                          Unmark to here
                        </button>
                      ) : (
                        <button type="button" class="small-button" aria-label={`Watched up to ${code}`} onClick={() => onUpToHere(episode, true)}>
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
  const loaded = useLoad(() => api.similar(showId), `similar-${showId}`);
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

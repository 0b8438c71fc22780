import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Listing } from './api.ts';
import { Link, LoadedView, navigate, ShowCard, useLoad } from './common.tsx';
import { messageOf } from '../shared/messages.ts';
import { behindLabel, episodeCode, nextLabel, type ShowSummary, type TrackedShow } from './model.ts';
import { replicaKeys } from './replica.ts';
import { links } from './routes.ts';

const EMPTY: Readonly<Record<Listing, string>> = {
  tracked: 'You track no shows yet.',
  watching: 'Nothing started: mark an episode of a tracked show watched and it is listed here.',
  watchlist: 'Your watchlist is empty: save a show for later from its page.',
  completed: 'No show finished yet: finish a show and rate it from its page.',
};

/** The dashboard and the watching, watchlist and completed listings: one card per tracked show. */
export function ListingScreen({ listing, title }: { readonly listing: Listing; readonly title: string }) {
  const loaded = useLoad(() => api.listing(listing), listing, replicaKeys.listing(listing));
  return (
    <section aria-labelledby="listing-title">
      <h2 id="listing-title">{title}</h2>
      <LoadedView state={loaded.state} reload={loaded.reload} what={title.toLowerCase()}>
        {(shows) =>
          shows.length === 0 ? (
            <div class="empty">
              <p>{EMPTY[listing]}</p>
              <p>
                <Link href={links.search()}>Search for a show</Link>
              </p>
            </div>
          ) : (
            <ul class="cards">
              {shows.map((tracked) => (
                <TrackedCard tracked={tracked} listing={listing} key={tracked.id} />
              ))}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}

function TrackedCard({ tracked, listing }: { readonly tracked: TrackedShow; readonly listing: Listing }) {
  // the tracked show and the shared cache are joined here: a show not cached yet still has a card
  const name = tracked.show?.name ?? `Show ${tracked.showId}`;
  return (
    <ShowCard showId={tracked.showId} name={name} image={tracked.show?.image} testId="tracked-card">
      {listing === 'completed' ? (
        <p>{tracked.rating ? `Rated ${tracked.rating}/10` : 'Not rated'}{tracked.completedAt ? `, finished ${tracked.completedAt.slice(0, 10)}` : ''}</p>
      ) : tracked.completedAt ? (
        // the dashboard keeps completed shows (spec 001): marked so, not counted behind
        <p class="behind" data-testid="completed-mark">
          Completed{tracked.rating ? `, rated ${tracked.rating}/10` : ''}
        </p>
      ) : (
        <>
          <p class="behind" data-testid="behind">
            {behindLabel(tracked)}
          </p>
          <p class="muted small">{tracked.show ? nextLabel(tracked.nextEpisode) : 'Details not loaded yet'}</p>
        </>
      )}
    </ShowCard>
  );
}

export function HistoryScreen() {
  const loaded = useLoad(() => api.history(), 'history', replicaKeys.history);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <LoadedView state={loaded.state} reload={loaded.reload} what="your history">
        {(entries) =>
          entries.length === 0 ? (
            <p>Nothing watched yet. Episodes you mark watched are listed here, newest first.</p>
          ) : (
            <ol class="history">
              {entries.map((entry) => (
                <li key={entry.id} class="history-entry">
                  <span>
                    <Link href={links.show(entry.showId)}>{entry.showName ?? `Show ${entry.showId}`}</Link> {episodeCode(entry)}
                    {entry.episodeName ? ` ${entry.episodeName}` : ''}
                  </span>
                  <time class="muted small" dateTime={entry.watchedAt}>
                    {new Date(entry.watchedAt).toLocaleString()}
                  </time>
                </li>
              ))}
            </ol>
          )
        }
      </LoadedView>
    </section>
  );
}

const DEBOUNCE_MS = 300;

/** Searching by name: asks once typing pauses; the query lives in the address, so reload keeps it. */
export function SearchScreen({ q }: { readonly q: string }) {
  const [text, setText] = useState(q);
  const [results, setResults] = useState<
    { readonly kind: 'idle' } | { readonly kind: 'loading' } | { readonly kind: 'ok'; readonly q: string; readonly shows: readonly ShowSummary[] } | { readonly kind: 'failed'; readonly message: string }
  >({ kind: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    const query = text.trim();
    if (!query) {
      inFlight.current?.abort();
      setResults({ kind: 'idle' });
      return;
    }
    const timer = setTimeout(() => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setResults({ kind: 'loading' });
      navigate(links.search(query), true);
      api.search(query, controller.signal).then(
        (shows) => !controller.signal.aborted && setResults({ kind: 'ok', q: query, shows }),
        (error: unknown) => !controller.signal.aborted && setResults({ kind: 'failed', message: messageOf(error) }),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">Search</h2>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label for="search-q">Show name</label>
        <input id="search-q" type="search" autocomplete="off" value={text} onInput={(event) => setText(event.currentTarget.value)} />
      </form>
      <div class="results" aria-live="polite">
        {results.kind === 'loading' ? <p role="status">Searching…</p> : null}
        {results.kind === 'failed' ? <p role="alert">The search failed: {results.message}</p> : null}
        {results.kind === 'ok' && results.shows.length === 0 ? <p>No show called “{results.q}”.</p> : null}
        {results.kind === 'ok' && results.shows.length > 0 ? (
          <ul class="cards">
            {results.shows.map((show) => (
              <ShowCard key={show.id} showId={show.id} name={show.name} image={show.image}>
                <p class="muted small">{[show.network, show.premiered?.slice(0, 4), show.status].filter(Boolean).join(' · ')}</p>
              </ShowCard>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** The calendar date here, as the schedule asks for it (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** Everything airing on a date, most popular show first (the service ranks it). */
export function ScheduleScreen({ date }: { readonly date: string | null }) {
  const day = date ?? today();
  const loaded = useLoad(() => api.schedule(day), day);
  return (
    <section aria-labelledby="schedule-title">
      <h2 id="schedule-title">Schedule</h2>
      <div class="field date-field">
        <label for="schedule-date">Date</label>
        <input id="schedule-date" type="date" value={day} onChange={(event) => event.currentTarget.value && navigate(links.schedule(event.currentTarget.value), true)} />
      </div>
      <LoadedView state={loaded.state} reload={loaded.reload} what="the schedule">
        {(entries) =>
          entries.length === 0 ? (
            <p>Nothing airs on {day}.</p>
          ) : (
            <ul class="cards">
              {entries.map((entry) => (
                <ShowCard key={entry.episode.id} showId={entry.show.id} name={entry.show.name} image={entry.show.image} testId="schedule-entry">
                  <p>
                    {episodeCode(entry.episode)} {entry.episode.name}
                  </p>
                  <p class="muted small">
                    {entry.episode.airstamp ? TIME.format(new Date(entry.episode.airstamp)) : 'Time not known'}
                    {entry.show.network ? ` · ${entry.show.network}` : ''}
                  </p>
                </ShowCard>
              ))}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}

/** What is popular now. */
export function TrendingScreen() {
  const loaded = useLoad(() => api.trending(), 'trending');
  return (
    <section aria-labelledby="trending-title">
      <h2 id="trending-title">Trending</h2>
      <LoadedView state={loaded.state} reload={loaded.reload} what="trending shows">
        {(shows) =>
          shows.length === 0 ? (
            <p>Nothing is trending right now.</p>
          ) : (
            <ol class="cards">
              {shows.map((show) => (
                <ShowCard key={show.id} showId={show.id} name={show.name} image={show.image} testId="trending-show">
                  <p class="muted small">{[show.network, show.genres.join(', ')].filter(Boolean).join(' · ')}</p>
                </ShowCard>
              ))}
            </ol>
          )
        }
      </LoadedView>
    </section>
  );
}

import { useState } from 'preact/hooks';
import { api } from './api.ts';
import { Link, LoadedView, ShowCard, useLoad } from './common.tsx';
import { messageOf } from '../shared/messages.ts';
import type { ShowSummary, Suggestions } from './model.ts';
import { links } from './routes.ts';

const SOURCE: Readonly<Record<Suggestions['source'], string>> = {
  ai: 'Picked for you by AI from the shows you track.',
  popular: 'Popular shows airing today: the AI picks are not available right now.',
};

/** The suggestions with where they came from; "not interested" takes a show away at once. */
export function SuggestionsScreen() {
  const loaded = useLoad(() => api.suggestions(), 'suggestions');
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);

  const dismiss = async (show: ShowSummary) => {
    setFailure(null);
    setGone((current) => new Set([...current, show.id]));
    try {
      await api.dismiss(show.id);
    } catch (error) {
      // not saved: the show comes back, with the reason
      setGone((current) => new Set([...current].filter((id) => id !== show.id)));
      setFailure(`${show.name} is still suggested: ${messageOf(error)}`);
    }
  };

  return (
    <section aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">Suggestions</h2>
      <LoadedView state={loaded.state} reload={loaded.reload} what="suggestions">
        {(suggestions) => {
          const shown = suggestions.shows.filter((show) => !gone.has(show.id));
          return (
            <>
              <p class="source" data-testid="suggestion-source" data-source={suggestions.source}>
                {SOURCE[suggestions.source]}
              </p>
              {failure ? (
                <p class="error-text" role="alert">
                  {failure}
                </p>
              ) : null}
              <p>
                <Link href={links.dismissed}>Shows you are not interested in</Link>
              </p>
              {shown.length === 0 ? (
                <p>No suggestions right now.</p>
              ) : (
                <ul class="cards">
                  {shown.map((show) => (
                    <ShowCard key={show.id} showId={show.id} name={show.name} image={show.image} testId="suggestion">
                      <p class="muted small">{[show.network, show.genres.join(', ')].filter(Boolean).join(' · ')}</p>
                      <button type="button" aria-label={`Not interested in ${show.name}`} onClick={() => void dismiss(show)}>
                        Not interested
                      </button>
                    </ShowCard>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </LoadedView>
    </section>
  );
}

/** The shows marked not interested, newest first: they never come back as suggestions. */
export function DismissedScreen() {
  const loaded = useLoad(() => api.dismissed(), 'dismissed');
  return (
    <section aria-labelledby="dismissed-title">
      <h2 id="dismissed-title">Not interested</h2>
      <p class="muted">These shows are never suggested to you again.</p>
      <LoadedView state={loaded.state} reload={loaded.reload} what="the shows you are not interested in">
        {(entries) =>
          entries.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ul class="cards">
              {entries.map((entry) => (
                <ShowCard key={entry.id} showId={entry.showId} name={entry.show?.name ?? `Show ${entry.showId}`} image={entry.show?.image} testId="dismissed-show" />
              ))}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}

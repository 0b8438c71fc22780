import { useEffect } from 'preact/hooks';
import { ApiRefusal } from '../shared/api.ts';
import { api } from './api.ts';
import { Artwork, Link, LoadedView, useLoad } from './common.tsx';
import type { PublicShow } from './model.ts';
import { links } from './routes.ts';

/** /u/<username>: what a person chose to share, for anyone, signed in or not. */
export function ProfileScreen({ username }: { readonly username: string }) {
  const loaded = useLoad(async () => {
    try {
      return await api.publicProfile(username);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 404) return null;
      throw error;
    }
  }, username);
  useEffect(() => {
    document.title = `${username} · Shows`;
  }, [username]);
  return (
    <LoadedView state={loaded.state} reload={loaded.reload} what="the profile">
      {(profile) =>
        profile === null ? (
          <section class="empty">
            <h2>No public profile here</h2>
            <p>There is no public profile called “{username}”: the name is wrong, or its owner keeps it private.</p>
          </section>
        ) : (
          <section aria-labelledby="profile-name">
            <h2 id="profile-name">{profile.username}</h2>
            <p>{profile.watchedEpisodes === 1 ? '1 episode watched' : `${profile.watchedEpisodes} episodes watched`}</p>
            <PublicList title="Watching" shows={profile.watching} empty="Nothing on the go." />
            <PublicList title="Completed" shows={profile.completed} empty="Nothing finished yet." />
            <p class="muted small">
              Track your own shows: <Link href={links.signup}>create an account</Link>.
            </p>
          </section>
        )
      }
    </LoadedView>
  );
}

function PublicList({ title, shows, empty }: { readonly title: string; readonly shows: readonly PublicShow[]; readonly empty: string }) {
  return (
    <section class="public-list" aria-label={title}>
      <h3>{title}</h3>
      {shows.length === 0 ? (
        <p class="muted">{empty}</p>
      ) : (
        <ul class="cards">
          {shows.map((show) => (
            <li class="card" key={show.showId} data-testid="public-show">
              <Artwork image={show.image} name={show.name ?? `Show ${show.showId}`} />
              <div class="card-body">
                <h4>{show.name ?? `Show ${show.showId}`}</h4>
                <p class="muted small">
                  {show.watchedCount === 1 ? '1 episode watched' : `${show.watchedCount} episodes watched`}
                  {show.rating ? `, rated ${show.rating}/10` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

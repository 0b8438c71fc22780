// The demo viewer, through the shows service's routes as its app sends them: sign up, a public
// profile, and a library of recorded TVmaze shows (ops/demo/tvmaze.ts): two being watched with
// episodes ticked, one finished and rated, three saved for later.
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_USERNAME, type SeedOutcome } from './accounts.ts';
import { type ServiceAddress, serviceClient, type ServiceClient } from './http.ts';
import type { Pages } from './pages.ts';

type Episode = { readonly id: number; readonly season: number; readonly number: number | null };
type Tracked = { readonly id: string; readonly showId: number };

/** Slow Horses, Designated Survivor, Under the Dome: the recorded show pages with their episodes */
export const WATCHING = [45039, 8167] as const;
export const FINISHED = 1;
/** Person of Interest, Hemlock Grove, The Suspect: recorded in the show index and a schedule */
export const SAVED_FOR_LATER = [2, 33, 58173] as const;
/** the show page the screens open */
export const SHOWN = 45039;

export type ShowsDemo = SeedOutcome & { readonly pages: Pages };

/** The demo library, unless the demo account signs in: then an earlier run made it. */
export async function seedShows(address: ServiceAddress): Promise<ShowsDemo> {
  const shows = serviceClient(address);
  const credentials = { email: DEMO_LOGINS.shows, password: DEMO_PASSWORD };
  const signedIn = (await shows.call('POST', '/api/auth/login', credentials)).status === 200;
  if (!signedIn) {
    await shows.send('POST', '/api/auth/signup', credentials);
    // the name may be someone else's on this server: then the profile stays private, the rest is the same
    await shows.call('PATCH', '/api/auth/preferences', { username: DEMO_USERNAME, publicProfile: true });
    await addLibrary(shows);
  }
  const me = await shows.send<{ username: string | null }>('GET', '/api/auth/me');
  const pages: Pages = { shows: { id: String(SHOWN) }, ...(me.username ? { u: { username: me.username } } : {}) };
  return { app: 'shows', state: signedIn ? 'already there' : 'added', login: DEMO_LOGINS.shows, password: DEMO_PASSWORD, pages };
}

async function addLibrary(shows: ServiceClient): Promise<void> {
  const track = (showId: number) => shows.send<Tracked>('POST', '/api/shows/track', { showId });
  const episodesOf = async (showId: number) => (await shows.send<{ episodes: Episode[] }>('GET', `/api/shows/${showId}`)).episodes;
  // Slow Horses: caught up on the earlier seasons as whole seasons, then the newest one episode by episode
  const slowHorses = await track(WATCHING[0]);
  const slowEpisodes = await episodesOf(WATCHING[0]);
  const newest = Math.max(...slowEpisodes.map((episode) => episode.season));
  for (const season of new Set(slowEpisodes.filter((episode) => episode.season < newest).map((episode) => episode.season))) {
    await shows.send('PUT', `/api/shows/tracked/${slowHorses.id}/season`, { season, watched: true });
  }
  const started = slowEpisodes.filter((episode) => episode.season === newest).slice(0, 2);
  for (const episode of started) await shows.send('PUT', `/api/shows/tracked/${slowHorses.id}/episode`, { episodeId: episode.id, watched: true });
  if (started.length > 0) await shows.send('PUT', `/api/shows/tracked/${slowHorses.id}/watched`, { episodeId: started.at(-1)!.id });
  // Designated Survivor: six episodes in, one at a time
  const survivor = await track(WATCHING[1]);
  for (const episode of (await episodesOf(WATCHING[1])).slice(0, 6)) {
    await shows.send('PUT', `/api/shows/tracked/${survivor.id}/episode`, { episodeId: episode.id, watched: true });
  }
  // Under the Dome: every episode, then finished with a rating
  const dome = await track(FINISHED);
  for (const season of new Set((await episodesOf(FINISHED)).map((episode) => episode.season))) {
    await shows.send('PUT', `/api/shows/tracked/${dome.id}/season`, { season, watched: true });
  }
  await shows.send('PUT', `/api/shows/tracked/${dome.id}/completed`, { rating: 7 });
  for (const showId of SAVED_FOR_LATER) {
    const saved = await track(showId);
    await shows.send('PUT', `/api/shows/tracked/${saved.id}/watchlist`, { onWatchlist: true });
  }
}

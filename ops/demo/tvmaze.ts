// TV data for the demo with no network: the tests' TVmaze stand-in (infra/tvmaze/recorded-server.ts), which
// serves the recorded answers of infra/tvmaze/fixtures, taught every show those recordings hold. The
// three recorded show pages come with their episodes; a show met only in the search, the schedules
// or the show index gets the episodes the schedules recorded of it (often none). Nothing is made up.
import type { Teardown } from '../../infra/http/listen-loopback.ts';
import { fixture, tvmazeStandIn, type TvmazeStandIn } from '../../infra/tvmaze/recorded-server.ts';

type Recorded = Record<string, unknown> & { readonly id: number };
type RecordedEpisode = Record<string, unknown> & { readonly show?: Recorded; readonly _embedded?: { readonly show?: Recorded } };

const isRecorded = (value: unknown): value is Recorded => typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

/** Every show of the recordings that has no recorded show page, as `/shows/:id?embed[]=episodes` would answer it. */
export function recordedShows(): Recorded[] {
  const episodes = [...(fixture('schedule.json') as RecordedEpisode[]), ...(fixture('schedule-web.json') as RecordedEpisode[])];
  const shows = new Map<number, Recorded>();
  const found = [
    ...(fixture('shows-index-page.json') as unknown[]),
    ...(fixture('search-shows.json') as { show?: unknown }[]).map((entry) => entry.show),
    ...episodes.map((episode) => episode.show ?? episode._embedded?.show),
  ];
  for (const show of found) if (isRecorded(show) && !shows.has(show.id)) shows.set(show.id, show);
  return [...shows.values()].map((show) => {
    const its = episodes
      .filter((episode) => (episode.show ?? episode._embedded?.show)?.id === show.id)
      .map(({ show: _show, _embedded: _embeddedShow, ...episode }) => episode);
    return { ...show, _embedded: { episodes: its } };
  });
}

/** The stand-in on a free loopback port, closed by `t`; `url` is what TVMAZE_URL names. */
export async function demoTvmaze(t: Teardown): Promise<TvmazeStandIn> {
  const tvmaze = await tvmazeStandIn(t);
  for (const show of recordedShows()) if (!tvmaze.shows.has(show.id)) tvmaze.shows.set(show.id, show);
  return tvmaze;
}

// What is there before the day starts, written straight to the bench's database with this
// checkout's core: gym users with weeks of history (gym-history.ts), club logins, questionnaires
// for the form pairs, and shows users tracking shows of a small catalogue with episodes airing today.
import { randomUUID } from 'node:crypto';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { libraryStream } from '../../../domain/shows/library.ts';
import { dayBounds, localDate } from '../../../domain/shows/notification.ts';
import { userStream } from '../../../domain/shows/user.ts';
import { SAMPLE_FORMS_DIR } from '../../../infra/config.ts';
import type { NewEvent } from '../../../infra/eventstore/port.ts';
import type { Core } from '../../system.ts';
import { appendAll, seededUser, userStreams, type SeededUser } from '../gym-history.ts';

export const PASSWORD = 'bench day password';
export const CLUBS = 10;
/** the catalogue the shows users track from; the first SHOWS_AIRING air an episode today */
const CATALOGUE = 200;
const SHOWS_AIRING = 50;
const SHOWS_PER_USER = 10;

export type Population = {
  readonly gym: ReadonlyArray<SeededUser & { readonly email: string }>;
  readonly clubs: readonly string[];
  readonly forms: readonly string[];
  readonly showsUsers: number;
};

/** how the users split between the kinds: most train, a third watch shows, the rest fill in forms in pairs */
export function populationSizes(users: number): { gym: number; shows: number; formPairs: number } {
  return { gym: Math.max(1, Math.round(users * 0.6)), shows: Math.max(1, Math.round(users * 0.3)), formPairs: Math.max(1, Math.round(users * 0.05)) };
}

const event = (userId: string, type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { userId, correlationId: 'bench-day-seed', causationId: 'bench-day-seed', schemaVersion: 1 },
});

/** a TVmaze show as /shows/:id?embed=episodes answers it: ten weekly episodes, the last today at 15:00 for the airing ones */
export function catalogueShow(id: number, now: Date): object {
  const airingAt = new Date(dayBounds(localDate(now)).start.getTime() + 15 * 3600_000).toISOString();
  const episodes = Array.from({ length: 10 }, (_, k) => {
    const at = id <= SHOWS_AIRING && k === 9 ? airingAt : new Date(now.getTime() - (10 - k) * 7 * 86_400_000).toISOString();
    return { id: id * 100 + k, name: `Episode ${k + 1}`, season: 1, number: k + 1, airdate: at.slice(0, 10), airstamp: at, runtime: 60 };
  });
  return { id, url: `https://www.tvmaze.com/shows/${id}`, name: `Day Show ${id}`, type: 'Scripted', language: 'English', genres: ['Drama'], status: 'Running',
    runtime: 60, premiered: '2020-01-01', network: { name: 'Bench TV' }, image: null, rating: { average: 7 }, weight: id % 100, summary: null, _embedded: { episodes } };
}

export const catalogue = (now: Date): Map<number, object> => new Map(Array.from({ length: CATALOGUE }, (_, i) => [i + 1, catalogueShow(i + 1, now)]));

function* showsUserStreams(count: number, now: Date): Generator<[string, NewEvent[]]> {
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    yield [userStream(id), [event(id, 'account-created', { email: `day-shows-${i}@bench.example`, createdAt: now.toISOString() })]];
    const tracked = Array.from({ length: SHOWS_PER_USER }, (_, k) => 1 + ((i * 7 + k * 13) % CATALOGUE));
    yield [libraryStream(id), [...new Set(tracked)].map((showId) => event(id, 'show-tracked', { trackedShowId: `c${randomUUID().replaceAll('-', '').slice(0, 24)}`, showId, at: now.toISOString() }))];
  }
}

/** `work` over `items`, `concurrency` at a time, the results in the items' order */
export async function inParallel<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
  }));
  return results;
}

/** seeds everything; `formsDir` gets one copy of the sample questionnaire per form pair */
export async function seed(core: Core, users: number, weeks: number, formsDir: string, now: Date): Promise<{ population: Population; events: number }> {
  const sizes = populationSizes(users);
  const gym = await inParallel(Array.from({ length: sizes.gym }, (_, i) => `day-gym-${i}@bench.example`), 8, async (email) => {
    const account = await core.accounts.create('gym', email, PASSWORD, { canChangePassword: true });
    return { ...seededUser(account.id), email };
  });
  const clubs = Array.from({ length: CLUBS }, (_, i) => `day-club-${i + 1}`);
  for (const club of clubs) await core.accounts.create('club', club, PASSWORD, { canChangePassword: false });
  const forms = Array.from({ length: sizes.formPairs }, (_, i) => `day-form-${i + 1}`);
  for (const form of forms) await copyFile(path.join(SAMPLE_FORMS_DIR, 'welcome.json'), path.join(formsDir, `${form}.json`));
  const events = await appendAll(core, (function* () {
    for (const user of gym) yield* userStreams(user, true, weeks);
    yield* showsUserStreams(sizes.shows, now);
  })(), 16);
  return { population: { gym, clubs, forms, showsUsers: sizes.shows }, events };
}

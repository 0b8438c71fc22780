// What bench:growth appends, kind by kind: endless streams of real event shapes, each a stream and
// the appends that write it in order (the first 'no_stream', each next one at the revision the one
// before left). Gym reuses bench:gym's users; club nights, forms and shows libraries are saved many
// times, several saves to an append (SAVES_PER_APPEND) so that seeding 20M events stays under half an hour.
import { randomUUID } from 'node:crypto';
import { nightStream } from '../../../domain/club/night.ts';
import { CLUB_SETTINGS_STREAM } from '../../../domain/club/settings.ts';
import { type FormPatched, formPatchedSchema, formStream } from '../../../domain/forms/form.ts';
import { addDays } from '../../../domain/shared/calendar.ts';
import { libraryStream } from '../../../domain/shows/library.ts';
import { userStream } from '../../../domain/shows/user.ts';
import type { NewEvent } from '../../../infra/eventstore/port.ts';
import { type SeededUser, seededUser, userStreams } from '../gym-history.ts';
import type { Kind } from './mix.ts';

export type StreamTask = { readonly stream: string; readonly appends: NewEvent[][] };

export const SAVES_PER_APPEND = 10;
/** a gym user of the mix trains a year; the one measured has five */
export const GYM_WEEKS = 52;
export const FIVE_YEARS = 260;
const TICKER_WEEKS = 4;
const NIGHT_SAVES = 40;
const FORM_SAVES = 20;
const SHOWS_TRACKED = 5;
const EPISODES_WATCHED = 45;
const COURTS = 3;
const PEOPLE = 12;
const VENUE = 'growth-hall';
const LEVEL = 'growth-level';

const event = (type: string, data: object, userId: string | null = null): NewEvent => ({
  id: randomUUID(),
  type,
  data: data as Record<string, unknown>,
  metadata: { userId, correlationId: 'bench-growth', causationId: 'bench-growth', schemaVersion: 1 },
});
const inAppends = (events: NewEvent[]): NewEvent[][] =>
  Array.from({ length: Math.ceil(events.length / SAVES_PER_APPEND) }, (_, i) => events.slice(i * SAVES_PER_APPEND, (i + 1) * SAVES_PER_APPEND));
const cuid = (): string => `c${randomUUID().replaceAll('-', '')}`.slice(0, 25);
const instant = (date: string, minutes: number): string => new Date(Date.parse(`${date}T19:00:00.000Z`) + minutes * 60_000).toISOString();

/**
 * The histories of the users measured over HTTP (signed up already, so without account events):
 * five years of the first, a few weeks of the others (their tick workouts need only their plans).
 * Seeded before the first step whatever its size, and counted as gym events of the mix.
 */
export function* measuredUsers(fiveYear: SeededUser, tickers: readonly SeededUser[]): Generator<[string, NewEvent[]]> {
  yield* userStreams(fiveYear, false, FIVE_YEARS);
  for (const user of tickers) yield* userStreams(user, false, TICKER_WEEKS);
}

/** Gym: new users, a year each with their accounts. */
export function* gymTasks(): Generator<StreamTask> {
  for (;;) for (const [stream, events] of userStreams(seededUser(), true, GYM_WEEKS)) yield { stream, appends: [events] };
}

/** Club: its settings (a level, a venue), then nights of twelve people on three courts, each opened and saved NIGHT_SAVES times, a round filed every fifth save. */
export function* clubTasks(): Generator<StreamTask> {
  yield {
    stream: CLUB_SETTINGS_STREAM,
    appends: [[event('level-added', { id: LEVEL, name: 'Strong', rank: 1, isCoach: false }), event('venue-added', { id: VENUE, name: 'Hall', sortOrder: 0, active: true })]],
  };
  for (let night = 0; ; night++) {
    const date = addDays('2020-01-06', night);
    const details = { venueId: VENUE, date, startTime: '19:00', endTime: '21:00', courts: COURTS, roundLengthSec: 720 };
    const people = Array.from({ length: PEOPLE }, (_, p) => ({ playerId: `player${String(p + (night % 5) * 4).padStart(4, '0')}`, name: `Player ${p}`, levelId: LEVEL, levelName: 'Strong', levelRank: 1 }));
    const lineUpOf = (save: number) => Array.from({ length: COURTS }, (_, court) => {
      const four = [0, 1, 2, 3].map((seat) => people[(court * 4 + seat + save) % PEOPLE]!.playerId);
      return { court: court + 1, teamA: [four[0], four[3]], teamB: [four[1], four[2]] };
    });
    const snapshotId = cuid();
    const rounds: object[] = [];
    const events = [event('session-opened', { ...details, openedAt: instant(date, -30) })];
    for (let save = 1; save <= NIGHT_SAVES; save++) {
      if (save % 5 === 0) rounds.push({ number: rounds.length + 1, startedAt: instant(date, save * 3), endedAt: instant(date, save * 3 + 12), lineUp: lineUpOf(save) });
      events.push(event('snapshot-saved', { version: save + 1, ...details, people, lineUp: lineUpOf(save), timer: null, rounds: [...rounds], savedAt: instant(date, save * 3), snapshotId, snapshotSeq: save }));
    }
    yield { stream: nightStream(randomUUID()), appends: inAppends(events) };
  }
}

function formPatch(form: number, save: number): FormPatched {
  return formPatchedSchema.parse({
    answers: { [`q${save % 12}`]: `answer ${save} of form ${form}`, [`m${save % 5}`]: ['a'] },
    notes: save % 4 === 0 ? { [`q${save % 12}`]: 'a note' } : {},
    ...(save === 0 ? { respondent: `respondent ${form}` } : {}),
    patchedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, save) + form * 60_000).toISOString(),
  });
}

/** Forms: `growth-0`, `growth-1`, … each saved FORM_SAVES times. */
export function* formTasks(): Generator<StreamTask> {
  for (let form = 0; ; form++) {
    const events = Array.from({ length: FORM_SAVES }, (_, save) => event('form-patched', formPatch(form, save)));
    yield { stream: formStream(`growth-${form}`), appends: inAppends(events) };
  }
}

/** Shows: a user's account, then a library of a few tracked shows and their episodes marked watched one by one. */
export function* showsTasks(): Generator<StreamTask> {
  for (let user = 0; ; user++) {
    const id = randomUUID();
    const at = new Date(Date.UTC(2026, 0, 1) + user * 1000).toISOString();
    yield { stream: userStream(id), appends: [[event('account-created', { email: `growth-${user}@bench.example`, createdAt: at }, id)]] };
    const shows = Array.from({ length: SHOWS_TRACKED }, (_, s) => ({ trackedShowId: cuid(), showId: 1 + ((user * 7 + s * 13) % 2000) }));
    const events = shows.map((show) => event('show-tracked', { ...show, at }, id));
    for (let e = 0; e < EPISODES_WATCHED; e++) {
      const show = shows[e % SHOWS_TRACKED]!;
      const number = Math.floor(e / SHOWS_TRACKED) + 1;
      events.push(event('episode-watched', { trackedShowId: show.trackedShowId, watchedEpisodeId: cuid(), episodeId: show.showId * 100 + number, season: 1, number, at }, id));
    }
    yield { stream: libraryStream(id), appends: inAppends(events) };
  }
}

export type Mixer = Record<Kind, Iterator<StreamTask>>;
export const mixer = (): Mixer => ({ gym: gymTasks(), club: clubTasks(), forms: formTasks(), shows: showsTasks() });

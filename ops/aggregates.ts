import { PLAYER_STREAM_PREFIX, playerAggregate } from '../domain/club/player.ts';
import { NIGHT_STREAM_PREFIX, nightAggregate } from '../domain/club/night.ts';
import { NIGHT_KEY_STREAM_PREFIX, nightKeyAggregate } from '../domain/club/night-key.ts';
import { CLUB_SETTINGS_STREAM, clubSettingsAggregate } from '../domain/club/settings.ts';
import { CLUB_USER_STREAM_PREFIX, clubUserAggregate } from '../domain/club/user.ts';
import { formAggregate, FORM_STREAM_PREFIX } from '../domain/forms/form.ts';
import { PARKED_STREAM_PREFIX, parkedAggregate } from '../domain/ops/parked.ts';
import { userAggregate as gymUserAggregate, USER_STREAM_PREFIX as GYM_USER_STREAM_PREFIX } from '../domain/gym/user.ts';
import { libraryAggregate as gymLibraryAggregate, LIBRARY_STREAM_PREFIX as GYM_LIBRARY_STREAM_PREFIX } from '../domain/gym/library.ts';
import { workoutAggregate as gymWorkoutAggregate, WORKOUT_STREAM_PREFIX as GYM_WORKOUT_STREAM_PREFIX } from '../domain/gym/workout.ts';
import {
  userAggregate as showsUserAggregate,
  USER_STREAM_PREFIX as SHOWS_USER_STREAM_PREFIX,
  usernameAggregate,
  USERNAME_STREAM_PREFIX,
} from '../domain/shows/user.ts';
import { libraryAggregate as showsLibraryAggregate, LIBRARY_STREAM_PREFIX as SHOWS_LIBRARY_STREAM_PREFIX } from '../domain/shows/library.ts';
import { DAILY_RUNS_STREAM, dailyRunsAggregate, NOTIFICATION_STREAM_PREFIX, notificationAggregate } from '../domain/shows/notification.ts';
import type { Aggregate } from '../domain/shared/aggregate.ts';
import type { DomainEvent } from '../domain/shared/events.ts';

type AnyAggregate = Aggregate<unknown, DomainEvent>;

/** Which aggregate a stream holds, by its name's prefix: `ops audit --at` folds with it. */
const byPrefix: ReadonlyArray<readonly [string, AnyAggregate]> = [
  [FORM_STREAM_PREFIX, formAggregate as AnyAggregate],
  [CLUB_USER_STREAM_PREFIX, clubUserAggregate as AnyAggregate],
  [CLUB_SETTINGS_STREAM, clubSettingsAggregate as AnyAggregate],
  [PLAYER_STREAM_PREFIX, playerAggregate as AnyAggregate],
  [NIGHT_STREAM_PREFIX, nightAggregate as AnyAggregate],
  [NIGHT_KEY_STREAM_PREFIX, nightKeyAggregate as AnyAggregate],
  [GYM_USER_STREAM_PREFIX, gymUserAggregate as AnyAggregate],
  [GYM_LIBRARY_STREAM_PREFIX, gymLibraryAggregate as AnyAggregate],
  [GYM_WORKOUT_STREAM_PREFIX, gymWorkoutAggregate as AnyAggregate],
  [SHOWS_USER_STREAM_PREFIX, showsUserAggregate as AnyAggregate],
  [USERNAME_STREAM_PREFIX, usernameAggregate as AnyAggregate],
  [SHOWS_LIBRARY_STREAM_PREFIX, showsLibraryAggregate as AnyAggregate],
  [NOTIFICATION_STREAM_PREFIX, notificationAggregate as AnyAggregate],
  [DAILY_RUNS_STREAM, dailyRunsAggregate as AnyAggregate],
  [PARKED_STREAM_PREFIX, parkedAggregate as AnyAggregate],
];

export function aggregateOfStream(stream: string): AnyAggregate | undefined {
  return byPrefix.find(([prefix]) => stream.startsWith(prefix))?.[1];
}

/** The kind of a stream: the prefix of its aggregate, or for an unknown one its name up to the first dash. */
export function streamKind(stream: string): string {
  return byPrefix.find(([prefix]) => stream.startsWith(prefix))?.[0] ?? /^[^-]*-?/.exec(stream)![0];
}

/** A folded state as JSON an auditor can read: maps become objects and sets arrays (JSON.stringify would print both as {}). */
export function stateJson(state: unknown): unknown {
  return JSON.parse(JSON.stringify(state, (_key, value: unknown) => (value instanceof Map ? Object.fromEntries(value) : value instanceof Set ? [...value] : value)));
}

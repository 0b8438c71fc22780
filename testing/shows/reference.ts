// Test support for the shows read side's reference check (reference.int.test.ts): the commands the
// check sends, folded in memory with plain code, and what each GET route must answer after them.
// Written from spec 001 and the routes' OpenAPI descriptions, never from the SQL. TV data is the
// one input taken from the service: the answers of GET /api/shows/:id and /api/shows/schedule,
// which only relay the provider (the shared cache included), so a mismatch here is in the joins
// with the user's own state.

export type Episode = { readonly id: number; readonly name: string; readonly season: number; readonly number: number | null; readonly airstamp: string | null };

/** a show as GET /api/shows/:id answers it: the summary, its next episode and every episode */
export type TvShow = {
  readonly [field: string]: unknown;
  readonly id: number;
  readonly name: string;
  readonly image: string | null;
  readonly nextEpisode: unknown;
  readonly episodes: readonly Episode[];
};

export type UserIndex = 0 | 1;

/** what a command does; a show-scoped command names the TV show, the check finds the tracked id */
export type Command =
  | { readonly kind: 'track'; readonly user: UserIndex; readonly show: number }
  | { readonly kind: 'untrack'; readonly user: UserIndex; readonly show: number }
  | { readonly kind: 'watchlist'; readonly user: UserIndex; readonly show: number; readonly on: boolean }
  | { readonly kind: 'episode'; readonly user: UserIndex; readonly show: number; readonly episode: number; readonly watched: boolean }
  | { readonly kind: 'season'; readonly user: UserIndex; readonly show: number; readonly season: number; readonly watched: boolean }
  | { readonly kind: 'latest'; readonly user: UserIndex; readonly show: number; readonly episode: number | null }
  | { readonly kind: 'complete'; readonly user: UserIndex; readonly show: number; readonly rating: number }
  | { readonly kind: 'uncomplete'; readonly user: UserIndex; readonly show: number }
  | { readonly kind: 'notify'; readonly user: UserIndex; readonly show: number; readonly notify: boolean }
  | { readonly kind: 'dismiss'; readonly user: UserIndex; readonly show: number }
  | {
      readonly kind: 'preferences';
      readonly user: UserIndex;
      /** one of the sequence's two names (sent upper-case or not), null to clear, absent to leave */
      readonly username?: { readonly name: 0 | 1; readonly upper: boolean } | null;
      readonly publicProfile?: boolean;
      readonly emailNotifications?: boolean;
      readonly pushNotifications?: boolean;
    }
  /** the clock moves on, so that episodes air and instants differ */
  | { readonly kind: 'wait'; readonly minutes: number };

type Watched = { readonly at: string; readonly season: number; readonly number: number | null };

type Tracked = {
  readonly id: string;
  readonly showId: number;
  readonly trackedAt: string;
  onWatchlist: boolean;
  completedAt: string | null;
  rating: number | null;
  notify: boolean;
  latestWatched: number | null;
  /** episode id to when it was marked */
  readonly watched: Map<number, Watched>;
};

export type User = {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
  username: string | null;
  publicProfile: boolean;
  emailNotifications: boolean;
  pushNotifications: boolean;
  /** by TV show id */
  readonly library: Map<number, Tracked>;
  /** the ids of shows once tracked and untracked since, by TV show id: asked again, they are unknown */
  readonly untracked: Map<number, string>;
  /** TV show id to when it was dismissed */
  readonly dismissed: Map<number, string>;
};

export type World = {
  readonly users: readonly [User, User];
  /** the sequence's two usernames, lower-case */
  readonly names: readonly [string, string];
  /** a name to the user holding it */
  readonly holders: Map<string, UserIndex>;
  /** each show's episodes, from the TV data */
  readonly episodes: ReadonlyMap<number, readonly Episode[]>;
};

export function newUser(answer: { id: string; email: string; createdAt: string }): User {
  return {
    id: answer.id,
    email: answer.email,
    createdAt: answer.createdAt,
    username: null,
    publicProfile: false,
    // spec 001: the master email switch is on by default, the push switch off
    emailNotifications: true,
    pushNotifications: false,
    library: new Map(),
    untracked: new Map(),
    dismissed: new Map(),
  };
}

/** What a command must answer: a status, and for a refusal its code and the field it names. */
export type Outcome = { readonly status: number; readonly code?: string; readonly field?: string };

const NOT_FOUND: Outcome = { status: 404, code: 'NOT_FOUND' };
const invalid = (field: string): Outcome => ({ status: 400, code: 'VALIDATION_FAILED', field });

/** a tracked-show id nobody has */
export const MADE_UP_ID = 'cnosuchtrackedshow0000000';

/**
 * The tracked-show id a show-scoped command is sent to: the user's own, else the other user's
 * tracking of the show, else the user's own from before an untrack, else a made-up one.
 */
export function targetOf(world: World, user: UserIndex, show: number): string {
  const theirs = world.users[user === 0 ? 1 : 0].library.get(show);
  return world.users[user].library.get(show)?.id ?? theirs?.id ?? world.users[user].untracked.get(show) ?? MADE_UP_ID;
}

/** An episode marked watched starts the show: it is no longer only saved for later (the watchlist). */
function mark(tracked: Tracked, episodes: readonly Episode[], watched: boolean, now: string): void {
  let started = false;
  for (const episode of episodes) {
    if (watched && !tracked.watched.has(episode.id)) {
      tracked.watched.set(episode.id, { at: now, season: episode.season, number: episode.number });
      started = true;
    }
    if (!watched) tracked.watched.delete(episode.id);
  }
  if (started) tracked.onWatchlist = false;
}

/**
 * Applies `command` to `world` as of `now` and says what the service must answer. `trackedId` is
 * the id the service gave a newly tracked show (the one thing of a command's outcome it chooses).
 */
export function apply(world: World, command: Command, now: string, trackedId: string | null): Outcome {
  if (command.kind === 'wait') return { status: 200 };
  if (command.kind === 'preferences') return changePreferences(world, command, command.user);
  const user = world.users[command.user];
  if (command.kind === 'track') {
    // tracking again is the same tracked show
    if (user.library.has(command.show)) return { status: 200 };
    user.library.set(command.show, {
      // a service that answered no new show gave no id: its status is the mismatch then
      id: trackedId ?? '(no id answered)',
      showId: command.show,
      trackedAt: now,
      onWatchlist: false,
      completedAt: null,
      rating: null,
      notify: true,
      latestWatched: null,
      watched: new Map(),
    });
    return { status: 201 };
  }
  if (command.kind === 'dismiss') {
    if (!user.dismissed.has(command.show)) user.dismissed.set(command.show, now);
    return { status: 200 };
  }
  const tracked = user.library.get(command.show);
  // another user's tracked show is as unknown as a made-up id
  if (!tracked) return NOT_FOUND;
  const episodes = world.episodes.get(command.show) ?? [];
  switch (command.kind) {
    case 'untrack':
      // the watched episodes go with it, history included
      user.library.delete(command.show);
      user.untracked.set(command.show, tracked.id);
      return { status: 200 };
    case 'watchlist':
      tracked.onWatchlist = command.on;
      return { status: 200 };
    case 'episode': {
      const episode = episodes.find((candidate) => candidate.id === command.episode);
      if (!episode) return invalid('body.episodeId');
      mark(tracked, [episode], command.watched, now);
      return { status: 200 };
    }
    case 'season': {
      const season = episodes.filter((episode) => episode.season === command.season);
      if (season.length === 0) return invalid('body.season');
      mark(tracked, season, command.watched, now);
      return { status: 200 };
    }
    case 'latest':
      if (command.episode !== null && !episodes.some((episode) => episode.id === command.episode)) return invalid('body.episodeId');
      // the marker is only a marker: progress still counts the watched episodes
      tracked.latestWatched = command.episode;
      return { status: 200 };
    case 'complete':
      // rating again changes the rating and keeps the first completion date
      tracked.completedAt ??= now;
      tracked.rating = command.rating;
      return { status: 200 };
    case 'uncomplete':
      tracked.completedAt = null;
      tracked.rating = null;
      return { status: 200 };
    case 'notify':
      tracked.notify = command.notify;
      return { status: 200 };
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}

/** Usernames are unique without regard to case; null clears one; a public profile needs one. */
function changePreferences(world: World, command: Extract<Command, { kind: 'preferences' }>, index: UserIndex): Outcome {
  const user = world.users[index];
  const asked = command.username === undefined ? undefined : command.username === null ? null : world.names[command.username.name];
  const username = asked === undefined ? user.username : asked;
  const publicProfile = command.publicProfile ?? user.publicProfile;
  if (publicProfile && username === null) return invalid(command.publicProfile === true ? 'body.publicProfile' : 'body.username');
  if (username !== null && username !== user.username) {
    const holder = world.holders.get(username);
    if (holder !== undefined && holder !== index) return { status: 409, code: 'USERNAME_TAKEN' };
    if (user.username !== null) world.holders.delete(user.username);
    world.holders.set(username, index);
  }
  if (username === null && user.username !== null) world.holders.delete(user.username);
  user.username = username;
  user.publicProfile = publicProfile;
  user.emailNotifications = command.emailNotifications ?? user.emailNotifications;
  user.pushNotifications = command.pushNotifications ?? user.pushNotifications;
  return { status: 200 };
}

// ---- what the GET routes answer ----

export type Expected = { readonly status: number; readonly body: unknown };

const ok = (body: unknown): Expected => ({ status: 200, body });

/** aired by `now`: a regular (numbered) episode whose instant has passed */
function aired(episode: Episode, now: Date): boolean {
  return episode.number !== null && episode.airstamp !== null && Date.parse(episode.airstamp) <= now.getTime();
}

function summaryOf(show: TvShow): Record<string, unknown> {
  const { nextEpisode: _next, episodes: _episodes, ...summary } = show;
  return summary;
}

function lastWatchedAt(tracked: Tracked): string | null {
  let latest: string | null = null;
  for (const { at } of tracked.watched.values()) if (latest === null || at > latest) latest = at;
  return latest;
}

/** a tracked show as every listing and command answers it, joined with the shared TV data */
export function trackedView(tracked: Tracked, tv: ReadonlyMap<number, TvShow>, now: Date): Record<string, unknown> {
  const show = tv.get(tracked.showId);
  const airedEpisodes = show ? show.episodes.filter((episode) => aired(episode, now)) : null;
  return {
    id: tracked.id,
    showId: tracked.showId,
    show: show ? summaryOf(show) : null,
    nextEpisode: show ? show.nextEpisode : null,
    trackedAt: tracked.trackedAt,
    onWatchlist: tracked.onWatchlist,
    completedAt: tracked.completedAt,
    rating: tracked.rating,
    notify: tracked.notify,
    latestWatchedEpisodeId: tracked.latestWatched,
    watchedCount: tracked.watched.size,
    watchedEpisodeIds: [...tracked.watched.keys()].sort((a, b) => a - b),
    airedCount: airedEpisodes ? airedEpisodes.length : null,
    episodesBehind: airedEpisodes ? airedEpisodes.filter((episode) => !tracked.watched.has(episode.id)).length : null,
    lastWatchedAt: lastWatchedAt(tracked),
  };
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);
/** "most recently active": the latest episode marked watched, else when the show was tracked */
const activity = (tracked: Tracked): string => lastWatchedAt(tracked) ?? tracked.trackedAt;

export type Listing = 'tracked' | 'watching' | 'watchlist' | 'completed';

/** spec 001's listings: the dashboard leaves out only the watchlist; watching is started, not finished */
const IN_LISTING: Readonly<Record<Listing, (tracked: Tracked) => boolean>> = {
  tracked: (tracked) => !tracked.onWatchlist,
  watching: (tracked) => !tracked.onWatchlist && tracked.completedAt === null && tracked.watched.size > 0,
  watchlist: (tracked) => tracked.onWatchlist,
  completed: (tracked) => tracked.completedAt !== null,
};

export function listing(user: User, which: Listing, tv: ReadonlyMap<number, TvShow>, now: Date): Expected {
  const shows = [...user.library.values()].filter(IN_LISTING[which]);
  shows.sort((a, b) =>
    which === 'completed' ? newestFirst(a.completedAt!, b.completedAt!) || byId(a, b) : newestFirst(activity(a), activity(b)) || byId(a, b),
  );
  return ok(shows.map((tracked) => trackedView(tracked, tv, now)));
}

export function trackedOf(user: User, show: number, tv: ReadonlyMap<number, TvShow>, now: Date): Expected {
  const tracked = user.library.get(show);
  return ok({ tracked: tracked ? trackedView(tracked, tv, now) : null });
}

/** a history entry's own id is the service's; the check compares it apart */
export const SOME_ID = '(an id of the service)';

/** every episode marked watched, newest first; a season marked at once, its last episode first */
export function history(user: User, tv: ReadonlyMap<number, TvShow>, limit: number): Expected {
  const entries = [...user.library.values()].flatMap((tracked) =>
    [...tracked.watched.entries()].map(([episodeId, watched]) => {
      const show = tv.get(tracked.showId);
      return {
        id: SOME_ID,
        trackedShowId: tracked.id,
        showId: tracked.showId,
        showName: show?.name ?? null,
        episodeId,
        episodeName: show?.episodes.find((episode) => episode.id === episodeId)?.name ?? null,
        season: watched.season,
        number: watched.number,
        watchedAt: watched.at,
      };
    }),
  );
  // a special (no number) comes after the season's numbered episodes
  const laterNumberFirst = (a: number | null, b: number | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
  entries.sort((a, b) => newestFirst(a.watchedAt, b.watchedAt) || b.season - a.season || laterNumberFirst(a.number, b.number));
  return ok(entries.slice(0, limit));
}

export function dismissed(user: User, tv: ReadonlyMap<number, TvShow>): Expected {
  const entries = [...user.dismissed.entries()].sort(([, a], [, b]) => newestFirst(a, b));
  return ok(
    entries.map(([showId, at]) => {
      const show = tv.get(showId);
      return { id: SOME_ID, showId, show: show ? summaryOf(show) : null, dismissedAt: at };
    }),
  );
}

/**
 * With no AI provider configured, the suggestions are the popular shows airing today: the
 * schedule's shows, most popular first, one entry each, at most 10, never a dismissed show (spec
 * 001) nor one the user already tracks.
 */
export function suggestions(user: User, schedule: ReadonlyArray<{ readonly show: { readonly id: number } }>): Expected {
  const shows: Array<{ readonly id: number }> = [];
  for (const { show } of schedule) {
    if (user.dismissed.has(show.id) || user.library.has(show.id) || shows.some((taken) => taken.id === show.id)) continue;
    shows.push(show);
  }
  return ok({ source: 'popular', shows: shows.slice(0, 10) });
}

export function me(user: User): Expected {
  const { id, email, username, publicProfile, emailNotifications, pushNotifications, createdAt } = user;
  return ok({ id, email, username, publicProfile, emailNotifications, pushNotifications, createdAt });
}

/**
 * GET /api/public/profile/:name: only a name someone holds, with the profile turned on; watching
 * and completed as the listings of those names, each most recently tracked first.
 */
export function publicProfile(world: World, asked: string, tv: ReadonlyMap<number, TvShow>): Expected {
  const holder = world.holders.get(asked.toLowerCase());
  const user = holder === undefined ? undefined : world.users[holder];
  if (!user?.publicProfile) return { status: 404, body: { code: 'NOT_FOUND' } };
  const shows = [...user.library.values()].sort((a, b) => newestFirst(a.trackedAt, b.trackedAt) || byId(a, b));
  const shown = (tracked: Tracked) => {
    const show = tv.get(tracked.showId);
    return { showId: tracked.showId, name: show?.name ?? null, image: show?.image ?? null, watchedCount: tracked.watched.size, rating: tracked.rating };
  };
  return ok({
    username: user.username,
    watching: shows.filter(IN_LISTING.watching).map(shown),
    completed: shows.filter(IN_LISTING.completed).map(shown),
    watchedEpisodes: shows.reduce((sum, tracked) => sum + tracked.watched.size, 0),
  });
}

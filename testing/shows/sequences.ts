// The shows read check's command sequences (query-api/shows/reference.int.test.ts): the shows and
// times they use, the random sequences of two users' commands, each command as its request, and how
// a difference is told.
import fc from 'fast-check';
import { type Command, type Episode, targetOf, type UserIndex, type World } from './reference.ts';

// Slow Horses airs an episode every Wednesday from 2026-09-16 to 2026-10-21: sequences start
// between 2026-09-10 and 2026-10-30, so episodes air during them
export const BASE = Date.parse('2026-09-10T00:00:00.000Z');
export const START_SPAN_MINUTES = 50 * 24 * 60;

/** Slow Horses (running), Designated Survivor (2016), Under the Dome (ended), EastEnders (no episodes) */
export const SHOWS = [45039, 8167, 1, 793] as const;
/** tracked shows, shows of today's schedule, and a show the provider does not know */
export const DISMISSABLE = [45039, 793, 58173, 5420, 999999] as const;

// ---- the commands ----

export type Sequence = {
  /** minutes after BASE when the users sign up */
  readonly start: number;
  readonly historyLimit: number;
  readonly rebuild: boolean;
  readonly commands: readonly Command[];
};

export function sequenceArb(episodes: ReadonlyMap<number, readonly Episode[]>, maxCommands: number): fc.Arbitrary<Sequence> {
  const user = fc.constantFrom<UserIndex>(0, 1);
  const show = fc.constantFrom(...SHOWS);
  const everyEpisode = [...episodes.values()].flat().map((episode) => episode.id);
  /** mostly an episode of the show; now and then one of another show, which the service refuses */
  const episodeOf = (showId: number, pick: number, foreign: boolean): number => {
    const own = episodes.get(showId) ?? [];
    if (foreign || own.length === 0) return everyEpisode.filter((id) => !own.some((episode) => episode.id === id))[pick % (everyEpisode.length - own.length)]!;
    return own[pick % own.length]!.id;
  };
  /** the show's seasons and one it does not have */
  const seasonOf = (showId: number, pick: number): number => {
    const seasons = [...new Set((episodes.get(showId) ?? []).map((episode) => episode.season)), 2];
    return seasons[pick % seasons.length]!;
  };
  const foreign = fc.oneof({ arbitrary: fc.constant(false), weight: 7 }, { arbitrary: fc.constant(true), weight: 1 });
  const command: fc.Arbitrary<Command> = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('track' as const), user, show }), weight: 5 },
    { arbitrary: fc.record({ kind: fc.constant('untrack' as const), user, show }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('watchlist' as const), user, show, on: fc.boolean() }), weight: 2 },
    {
      arbitrary: fc
        .tuple(user, show, fc.nat(), foreign, fc.boolean())
        .map(([user, show, pick, other, watched]) => ({ kind: 'episode' as const, user, show, episode: episodeOf(show, pick, other), watched })),
      weight: 5,
    },
    {
      arbitrary: fc.tuple(user, show, fc.nat(), fc.boolean()).map(([user, show, pick, watched]) => ({ kind: 'season' as const, user, show, season: seasonOf(show, pick), watched })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(user, show, fc.option(fc.tuple(fc.nat(), foreign), { freq: 4 }))
        .map(([user, show, pick]) => ({ kind: 'latest' as const, user, show, episode: pick === null ? null : episodeOf(show, pick[0], pick[1]) })),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant('complete' as const), user, show, rating: fc.integer({ min: 1, max: 10 }) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('uncomplete' as const), user, show }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('notify' as const), user, show, notify: fc.boolean() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('dismiss' as const), user, show: fc.constantFrom(...DISMISSABLE) }), weight: 1 },
    {
      arbitrary: fc
        .record(
          {
            kind: fc.constant('preferences' as const),
            user,
            username: fc.option(fc.record({ name: fc.constantFrom<0 | 1>(0, 1), upper: fc.boolean() }), { freq: 3 }),
            publicProfile: fc.boolean(),
            emailNotifications: fc.boolean(),
            pushNotifications: fc.boolean(),
          },
          { requiredKeys: ['kind', 'user'] },
        )
        .filter((change) => Object.keys(change).length > 2),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }) }), weight: 2 },
  );
  return fc.record({
    start: fc.integer({ min: 0, max: START_SPAN_MINUTES }),
    historyLimit: fc.integer({ min: 1, max: 4 }),
    rebuild: fc.oneof({ arbitrary: fc.constant(false), weight: 5 }, { arbitrary: fc.constant(true), weight: 1 }),
    commands: fc.array(command, { maxLength: maxCommands }),
  });
}

/** the request a command is, sent to the tracked-show id the reference picks before applying it */
export function requestOf(world: World, command: Command): { method: string; url: string; body?: object } | null {
  if (command.kind === 'wait') return null;
  if (command.kind === 'track') return { method: 'POST', url: '/api/shows/track', body: { showId: command.show } };
  if (command.kind === 'dismiss') return { method: 'POST', url: '/api/shows/suggestions/dismiss', body: { showId: command.show } };
  if (command.kind === 'preferences') {
    const { kind: _kind, user: _user, username, ...switches } = command;
    const name = username ? world.names[username.name]! : null;
    return {
      method: 'PATCH',
      url: '/api/auth/preferences',
      body: { ...switches, ...(username === undefined ? {} : { username: name && username!.upper ? name.toUpperCase() : name }) },
    };
  }
  const at = `/api/shows/tracked/${targetOf(world, command.user, command.show)}`;
  switch (command.kind) {
    case 'untrack':
      return { method: 'DELETE', url: at };
    case 'watchlist':
      return { method: 'PUT', url: `${at}/watchlist`, body: { onWatchlist: command.on } };
    case 'episode':
      return { method: 'PUT', url: `${at}/episode`, body: { episodeId: command.episode, watched: command.watched } };
    case 'season':
      return { method: 'PUT', url: `${at}/season`, body: { season: command.season, watched: command.watched } };
    case 'latest':
      return { method: 'PUT', url: `${at}/watched`, body: { episodeId: command.episode } };
    case 'complete':
      return { method: 'PUT', url: `${at}/completed`, body: { rating: command.rating } };
    case 'uncomplete':
      return { method: 'DELETE', url: `${at}/completed` };
    case 'notify':
      return { method: 'PUT', url: `${at}/notify`, body: { notify: command.notify } };
    default:
      return command;
  }
}

export const describe = (sequence: Sequence): string =>
  `starting ${new Date(BASE + sequence.start * 60_000).toISOString()}, history limit ${sequence.historyLimit}${sequence.rebuild ? ', then a rebuild' : ''}:\n` +
  (sequence.commands.map((command, i) => `  ${i + 1}. ${JSON.stringify(command)}`).join('\n') || '  (no command)');

/** the first place two JSON values differ, as a path */
export function firstDifference(expected: unknown, actual: unknown, path = '$'): string | null {
  if (Object.is(expected, actual)) return null;
  if (typeof expected !== 'object' || typeof actual !== 'object' || expected === null || actual === null || Array.isArray(expected) !== Array.isArray(actual)) return path;
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length !== actual.length) return `${path}.length (${expected.length} expected, ${actual.length} answered)`;
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const found = firstDifference((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], Array.isArray(expected) ? `${path}[${key}]` : `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

export const printed = (value: unknown): string => JSON.stringify(value, null, 1)?.slice(0, 4000) ?? 'undefined';

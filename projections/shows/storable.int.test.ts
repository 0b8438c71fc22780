// Whatever the shows command side accepts, its projection can store: accounts, preferences and
// every library command made of any input the route schemas accept go through decide and the
// PostgreSQL log, and the real projector processes every event they wrote without an error.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'slonik';
import t from 'tap';
import { preferencesBody } from '../../command-api/shows/auth.ts';
import { completedBody, episodeBody, latestWatchedBody, notifyBody, seasonBody, showBody, watchlistBody } from '../../command-api/shows/library.ts';
import { claimUsername } from '../../command-api/shows/usernames.ts';
import { emailSchema } from '../../domain/accounts/credentials.ts';
import { decideUser, type UserCommand } from '../../domain/shows/decide.ts';
import { decideLibrary, type LibraryCommand } from '../../domain/shows/decide-library.ts';
import { libraryAggregate, libraryStream } from '../../domain/shows/library.ts';
import { userAggregate, userStream } from '../../domain/shows/user.ts';
import { acceptedBy, attempt, storableLog } from '../../testing/projections/storable.ts';
import { showsProjection } from './index.ts';

const log = await storableLog(t, showsProjection);
const { commands } = log.core;

const scenario = fc.record({
  email: acceptedBy(emailSchema, fc.emailAddress()),
  preferences: acceptedBy(preferencesBody),
  show: acceptedBy(showBody),
  watchlist: acceptedBy(watchlistBody),
  episodes: fc.array(fc.tuple(acceptedBy(episodeBody), acceptedBy(seasonBody)), { minLength: 1, maxLength: 3 }),
  latest: acceptedBy(latestWatchedBody),
  completed: acceptedBy(completedBody),
  notify: acceptedBy(notifyBody),
  dismissed: acceptedBy(showBody),
});


t.test('every command the shows routes accept lands in the shows read tables', async (t) => {
  await fc.assert(
    fc.asyncProperty(scenario, async (input) => {
      const userId = randomUUID();
      const context = { userId, correlationId: randomUUID() };
      const now = new Date().toISOString();
      const user = (command: UserCommand) =>
        attempt(() => commands({ stream: userStream(userId), aggregate: userAggregate, decide: (state) => decideUser(command, state), context }));
      const library = (command: LibraryCommand) =>
        attempt(() => commands({ stream: libraryStream(userId), aggregate: libraryAggregate, decide: (state) => decideLibrary(command, state), context }));

      await user({ type: 'create-account', email: input.email, now });
      const { username } = input.preferences;
      if (typeof username === 'string' && (await attempt(() => claimUsername(commands, { name: username, userId, now, context }))) === null) return;
      await user({ type: 'change-preferences', ...input.preferences });

      const trackedShowId = randomUUID();
      await library({ type: 'track', trackedShowId, showId: input.show.showId, now });
      await library({ type: 'set-watchlist', trackedShowId, ...input.watchlist, now });
      // an id may come twice, as duplicate provider data would name it
      const episodes = input.episodes.map(([episode, season], index) => ({ id: episode.episodeId, season: season.season, number: index + 1 }));
      await library({ type: 'mark-episodes', trackedShowId, episodes, watched: true, newId: randomUUID, now });
      await library({ type: 'mark-episodes', trackedShowId, episodes: episodes.slice(1), watched: input.episodes[0]![1].watched, newId: randomUUID, now });
      await library({ type: 'set-latest-watched', trackedShowId, episodeId: input.latest.episodeId === null ? null : episodes[0]!.id, now });
      await library({ type: 'complete', trackedShowId, rating: input.completed.rating, now });
      await library({ type: 'set-notify', trackedShowId, notify: input.notify.notify, now });
      await library({ type: 'dismiss-suggestion', dismissalId: randomUUID(), showId: input.dismissed.showId, now });

      await log.settled();
    }),
    // a projector that stopped stays stopped: shrinking would only report its later victims
    { numRuns: 60, endOnFailure: true },
  );
  const stored = await log.core.db.slonik.oneFirst(
    sql.unsafe`SELECT (SELECT count(*) FROM shows.users) + (SELECT count(*) FROM shows.tracked_shows) + (SELECT count(*) FROM shows.watched_episodes) AS rows`,
  );
  t.ok(Number(stored) >= 150, `${stored} rows of users, tracked shows and watched episodes read back`);
});

t.test('a log that already names one episode twice in a batch is stored, the last one winning', async (t) => {
  const userId = randomUUID();
  const trackedShowId = randomUUID();
  const at = new Date().toISOString();
  const watched = (watchedEpisodeId: string) => ({
    type: 'episode-watched',
    data: { trackedShowId, watchedEpisodeId, episodeId: 4242, season: 1, number: 1, at },
  });
  // as an older build could have decided it: one append, the same episode twice
  await log.core.store.append(
    libraryStream(userId),
    [{ type: 'show-tracked', data: { trackedShowId, showId: 45039, at } }, watched('first-id'), watched('second-id')].map((event) => ({
      ...event,
      id: randomUUID(),
      metadata: { userId, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
    })),
    'no_stream',
  );
  await log.settled();
  const rows = () => log.core.db.slonik.any(sql.unsafe`SELECT id FROM shows.watched_episodes WHERE tracked_show_id = ${trackedShowId}`);
  t.same(await rows(), [{ id: 'second-id' }]);
  // the runtime would get past a failing batch event by event; the batch itself must hold
  const recorded = await log.core.store.readStream(libraryStream(userId));
  const scratch = 'shows_one_batch';
  const stored = await log.core.db.slonik.transaction(async (tx) => {
    await tx.query(sql.unsafe`CREATE SCHEMA ${sql.identifier([scratch])}`);
    await showsProjection.migrate(tx, scratch);
    await showsProjection.apply(tx, scratch, recorded);
    const ids = await tx.anyFirst(sql.unsafe`SELECT id FROM ${sql.identifier([scratch, 'watched_episodes'])}`);
    await tx.query(sql.unsafe`DROP SCHEMA ${sql.identifier([scratch])} CASCADE`);
    return ids;
  });
  t.same(stored, ['second-id'], 'one batch holding both writes one row');
});

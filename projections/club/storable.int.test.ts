// Whatever the club's command side accepts, its projection can store: settings, people and whole
// night snapshots made of any input the route schemas accept go through decide and the PostgreSQL
// log, and the real projector processes every event they wrote without an error.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'slonik';
import t from 'tap';
import { changePlayerBody, createPlayerBody } from '../../command-api/club/players.ts';
import { openNightBody } from '../../command-api/club/sessions.ts';
import { addLevelBody, addSlotBody, addVenueBody, changeSlotBody, changeVenueBody, clubBody, renameLevelBody } from '../../command-api/club/settings.ts';
import { decidePlayer, playerAggregate, type PlayerCommand, playerStream } from '../../domain/club/player.ts';
import { nightVersions } from '../../domain/club/history.ts';
import { type Night, nightAggregate, nightStream, type Snapshot, snapshotSchema } from '../../domain/club/night.ts';
import { decideNight, type NightCommand } from '../../domain/club/night-decide.ts';
import { claimNight, nightKeyAggregate, nightKeyStream } from '../../domain/club/night-key.ts';
import { CLUB_SETTINGS_STREAM, type ClubSettingsCommand, type ClubSettingsState, clubSettingsAggregate, decideClubSettings } from '../../domain/club/settings.ts';
import { cuid } from '../../infra/ids.ts';
import { acceptedBy, attempt, storableLog } from '../../testing/projections/storable.ts';
import { clubProjection } from './index.ts';

const log = await storableLog(t, clubProjection);
const { commands } = log.core;
const storedRows = sql.unsafe`SELECT (SELECT count(*) FROM club.sessions) + (SELECT count(*) FROM club.session_players) + (SELECT count(*) FROM club.rounds) AS rows`;

const scenario = fc.record({
  club: acceptedBy(clubBody),
  level: acceptedBy(addLevelBody),
  rename: acceptedBy(renameLevelBody),
  venue: acceptedBy(addVenueBody),
  venueChange: acceptedBy(changeVenueBody),
  slot: acceptedBy(addSlotBody),
  slotChange: acceptedBy(changeSlotBody),
  player: acceptedBy(createPlayerBody),
  playerChange: acceptedBy(changePlayerBody),
  night: acceptedBy(openNightBody),
  snapshot: acceptedBy(snapshotSchema),
});


/**
 * The generated night made consistent the way a phone keeps it (the venue and levels exist, each
 * person once, players on court among the people), every text, time and number left as generated.
 */
function consistent(snapshot: Snapshot, night: Night, levelIds: readonly string[]): Snapshot {
  const people = snapshot.people
    .filter((person, index, all) => all.findIndex((other) => other.id === person.id) === index)
    .map((person, index) => ({ ...person, levelId: person.levelId === null || levelIds.length === 0 ? null : levelIds[index % levelIds.length]! }));
  // a generated night with rounds seldom has four people: someone came for each place on court, so the rounds (and their names) are stored
  const fillers = snapshot.rounds.length === 0 ? [] : Array.from({ length: Math.max(0, 4 - people.length) }, (_, place) => ({ id: cuid(), name: `Filler ${place}`, levelId: null, guest: true }));
  people.push(...fillers);
  const [a, b, c, d] = people.map((person) => person.id);
  const lineUp = a && b && c && d ? [{ court: 1, teamA: [a, b] as [string, string], teamB: [c, d] as [string, string] }] : [];
  // the names filed with a round, for the players on court: the generated ones (any text the schema
  // accepts), else the people's generated names; every other round is filed without, as an older build does
  const names = (generated: Record<string, string> | undefined) => {
    const texts = Object.values(generated ?? {});
    return { names: Object.fromEntries(people.slice(0, 4).map((person, place) => [person.id, texts[place] ?? person.name])) };
  };
  // who sits out (issue 34): whoever is not on court, where the generated night or round has the field at all
  const offCourt = people.slice(lineUp.length === 0 ? 0 : 4).map((person) => person.id);
  const sitting = (generated: readonly string[] | undefined) => (generated === undefined ? {} : { sittingOut: offCourt });
  const rounds = snapshot.rounds.map(({ names: generated, sittingOut, ...round }, index) => ({
    ...round,
    number: index + 1,
    lineUp,
    ...(lineUp.length === 0 || index % 2 === 1 ? {} : names(generated)),
    ...sitting(sittingOut),
  }));
  const { venueId, date, startTime } = night.openedAs;
  const endTime = startTime < snapshot.endTime ? snapshot.endTime : night.endTime;
  // the round in play comes after those filed, as on a phone
  const timer = snapshot.timer === null ? null : { ...snapshot.timer, roundNumber: rounds.length + 1 };
  return { ...snapshot, venueId, date, startTime, version: night.version, people, lineUp, timer, rounds, endTime, courts: Math.max(snapshot.courts, 1), ...sitting(snapshot.sittingOut) };
}

t.test('every command the club routes accept lands in the club read tables', async (t) => {
  let nights = 0;
  let restores = 0;
  await fc.assert(
    fc.asyncProperty(scenario, async (input) => {
      const context = { userId: randomUUID(), correlationId: randomUUID() };
      const at = new Date().toISOString();
      const settings = async (command: ClubSettingsCommand): Promise<ClubSettingsState | null> =>
        (await attempt(() => commands({ stream: CLUB_SETTINGS_STREAM, aggregate: clubSettingsAggregate, decide: (state) => decideClubSettings(command, state), context })))?.state ?? null;
      const person = (id: string, command: PlayerCommand) =>
        attempt(() => commands({ stream: playerStream(id), aggregate: playerAggregate, decide: (state) => decidePlayer(command, state), context }));
      const night = (id: string, command: NightCommand) =>
        attempt(() => commands({ stream: nightStream(id), aggregate: nightAggregate, decide: (state) => decideNight(command, state), context }));

      await settings({ type: 'change-club', ...input.club });
      const levelId = randomUUID();
      await settings({ type: 'add-level', id: levelId, ...input.level });
      await settings({ type: 'rename-level', id: levelId, name: input.rename.name });
      const venueId = randomUUID();
      await settings({ type: 'add-venue', id: venueId, ...input.venue });
      await settings({ type: 'change-venue', id: venueId, ...input.venueChange });
      const slotId = randomUUID();
      await settings({ type: 'add-slot', id: slotId, venueId, ...input.slot });
      await settings({ type: 'change-slot', id: slotId, ...input.slotChange });
      const { state: club } = await commands({ stream: CLUB_SETTINGS_STREAM, aggregate: clubSettingsAggregate, decide: () => [], context });
      const levelIds = club.levels.map((level) => level.id);

      const { id: playerId, ...player } = input.player;
      await person(playerId, { type: 'create-player', ...player, levelId: player.levelId === null ? null : (levelIds[0] ?? null), at });
      const change = input.playerChange.levelId === undefined || input.playerChange.levelId === null ? input.playerChange : { ...input.playerChange, levelId: levelIds[0] ?? null };
      await person(playerId, { type: 'change-player', ...change });

      const sessionId = input.night.id ?? cuid();
      const startTime = input.night.startTime ?? '18:00';
      const claimed = await attempt(() =>
        commands({ stream: nightKeyStream(venueId, input.night.date, startTime), aggregate: nightKeyAggregate, decide: (state) => claimNight(state, sessionId), context }),
      );
      if (claimed?.state !== sessionId) return;
      const opened = await night(sessionId, {
        type: 'open-session',
        venueId,
        date: input.night.date,
        startTime,
        endTime: input.night.endTime ?? '23:59',
        courts: input.night.courts ?? 3,
        roundLengthSec: input.night.roundLengthSec ?? 720,
        at,
      });
      if (!opened?.state) return;
      nights++;
      const snapshot = consistent(input.snapshot, opened.state, levelIds);
      for (const someone of snapshot.people) await person(someone.id, { type: 'create-player', name: someone.name, levelId: someone.levelId, guest: someone.guest, at });
      const saved = await night(sessionId, { type: 'save-snapshot', snapshot, club, at });
      // a restore is a save of an older version's night: the opened one, then the saved one again
      const recorded = await log.core.store.readStream(nightStream(sessionId));
      const versions = nightVersions(recorded.map((event) => ({ ...event, recordedAt: event.recordedAt.toISOString() })));
      let version = saved?.state?.version ?? opened.state.version;
      for (const older of versions.slice(0, 2)) {
        const restored = await night(sessionId, { type: 'restore-version', restored: older.night, from: older.version, expectedVersion: version, at });
        if (restored?.state && restored.state.version > version) restores++;
        version = restored?.state?.version ?? version;
      }
      await night(sessionId, { type: 'close-session', at });

      await log.settled();
    }),
    // a projector that stopped stays stopped: shrinking would only report its later victims. A fixed
    // seed: the checks below assert that the runs reached rounds with names, which 40 random runs
    // missed once in CI (their saves seldom all hold rounds a save accepts); STORABLE_SEED tries others.
    // 40 since issue 34: the snapshot's new field changed what 32 generates (no round with names)
    { numRuns: 40, endOnFailure: true, seed: Number(process.env.STORABLE_SEED ?? 40) },
  );
  const stored = await log.core.db.slonik.oneFirst(storedRows);
  const named = await log.core.db.slonik.oneFirst(sql.unsafe`SELECT count(*) FROM club.rounds WHERE names IS NOT NULL`);
  t.ok(Number(named) > 0, `${named} rounds stored with their players' names`);
  const sittingOut = await log.core.db.slonik.oneFirst(
    sql.unsafe`SELECT (SELECT count(*) FROM club.sessions WHERE sitting_out <> '{}') + (SELECT count(*) FROM club.rounds WHERE sitting_out <> '{}') AS rows`,
  );
  t.ok(Number(sittingOut) > 0, `${sittingOut} nights and rounds stored with who sat out`);
  t.ok(nights >= 10 && Number(stored) >= nights, `${nights} generated nights opened and saved, ${stored} rows of nights, people and rounds read back`);
  t.ok(restores >= 10, `${restores} older versions restored and stored`);
});

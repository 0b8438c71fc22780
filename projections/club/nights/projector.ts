// People and nights of the club, as the People, Calendar, Today and Session screens read them.
import { sql, type DatabaseTransactionConnection } from 'slonik';
import { parsePlayerEvent, PLAYER_STREAM_PREFIX } from '../../../domain/club/player.ts';
import { NIGHT_STREAM_PREFIX, type NightEvent, parseNightEvent } from '../../../domain/club/night.ts';
import type { LineUp } from '../../../domain/club/shuffle.ts';
import { assertNever } from '../../../domain/shared/events.ts';
import type { RecordedEvent } from '../../../infra/eventstore/port.ts';

export async function createNightTables(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'players'])} (
      id text PRIMARY KEY,
      name text NOT NULL,
      level_id text,
      guest boolean NOT NULL,
      archived boolean NOT NULL,
      created_at text NOT NULL
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'players'])} (level_id)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'sessions'])} (
      id text PRIMARY KEY,
      venue_id text NOT NULL,
      date text NOT NULL,
      start_time text NOT NULL,
      end_time text NOT NULL,
      courts integer NOT NULL,
      round_length_sec integer NOT NULL,
      status text NOT NULL,
      version integer NOT NULL,
      line_up jsonb NOT NULL,
      timer jsonb,
      sitting_out text[] NOT NULL DEFAULT '{}',
      opened_at text NOT NULL,
      updated_at text NOT NULL
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'sessions'])} (date, start_time)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'session_players'])} (
      session_id text NOT NULL,
      position integer NOT NULL,
      player_id text NOT NULL,
      name text NOT NULL,
      level_id text,
      level_name text,
      level_rank integer,
      PRIMARY KEY (session_id, player_id)
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'session_players'])} (player_id)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'rounds'])} (
      session_id text NOT NULL,
      number integer NOT NULL,
      started_at text NOT NULL,
      ended_at text NOT NULL,
      line_up jsonb NOT NULL,
      player_ids text[] NOT NULL,
      names jsonb,
      sitting_out text[],
      PRIMARY KEY (session_id, number)
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'rounds'])} USING gin (player_ids)`);
}

const playersOf = (lineUp: LineUp): string[] => lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);
/** A PostgreSQL array literal of player ids (cuids: letters and digits, nothing to quote). */
const textArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;

async function applyPlayerEvent(tx: DatabaseTransactionConnection, schema: string, recorded: RecordedEvent): Promise<void> {
  const players = sql.identifier([schema, 'players']);
  const id = recorded.stream.slice(PLAYER_STREAM_PREFIX.length);
  const event = parsePlayerEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion);
  switch (event.type) {
    case 'player-created': {
      const { name, levelId, guest, createdAt } = event.data;
      await tx.query(sql.unsafe`
        INSERT INTO ${players} (id, name, level_id, guest, archived, created_at)
        VALUES (${id}, ${name}, ${levelId}, ${guest}, false, ${createdAt})`);
      return;
    }
    case 'player-changed': {
      const { name, levelId, guest, archived } = event.data;
      await tx.query(sql.unsafe`
        UPDATE ${players} SET
          name = coalesce(${name ?? null}::text, name),
          level_id = CASE WHEN ${levelId !== undefined} THEN ${levelId ?? null}::text ELSE level_id END,
          guest = coalesce(${guest ?? null}::bool, guest),
          archived = coalesce(${archived ?? null}::bool, archived)
        WHERE id = ${id}`);
      return;
    }
    case 'player-deleted':
      await tx.query(sql.unsafe`DELETE FROM ${players} WHERE id = ${id}`);
      return;
    default:
      assertNever(event);
  }
}

type SavedNight = Extract<NightEvent, { type: 'snapshot-saved' }>['data'];

/** Rule 3: people and rounds are each night's snapshot, wholesale; a few statements for any number of nights. */
async function writeSnapshots(tx: DatabaseTransactionConnection, schema: string, nights: ReadonlyArray<readonly [string, SavedNight]>): Promise<void> {
  if (nights.length === 0) return;
  const ids = nights.map(([id]) => id);
  await tx.query(sql.unsafe`
    UPDATE ${sql.identifier([schema, 'sessions'])} AS s SET
      venue_id = n.venue_id, date = n.date, start_time = n.start_time, end_time = n.end_time, courts = n.courts,
      round_length_sec = n.round_length_sec, version = n.version, line_up = n.line_up::jsonb, timer = n.timer::jsonb,
      sitting_out = n.sitting_out::text[], updated_at = n.updated_at
    FROM ${sql.unnest(
      nights.map(([id, night]) => [
        id,
        night.venueId,
        night.date,
        night.startTime,
        night.endTime,
        night.courts,
        night.roundLengthSec,
        night.version,
        JSON.stringify(night.lineUp),
        night.timer === null ? null : JSON.stringify(night.timer),
        textArray(night.sittingOut ?? []),
        night.savedAt,
      ]),
      ['text', 'text', 'text', 'text', 'text', 'int4', 'int4', 'int4', 'text', 'text', 'text', 'text'],
    )} AS n(id, venue_id, date, start_time, end_time, courts, round_length_sec, version, line_up, timer, sitting_out, updated_at)
    WHERE s.id = n.id`);
  await tx.query(sql.unsafe`DELETE FROM ${sql.identifier([schema, 'session_players'])} WHERE session_id = ANY(${sql.array(ids, 'text')})`);
  const people = nights.flatMap(([id, night]) =>
    night.people.map((person, position) => [id, position, person.playerId, person.name, person.levelId, person.levelName, person.levelRank]),
  );
  if (people.length > 0) {
    await tx.query(sql.unsafe`
      INSERT INTO ${sql.identifier([schema, 'session_players'])} (session_id, position, player_id, name, level_id, level_name, level_rank)
      SELECT * FROM ${sql.unnest(people, ['text', 'int4', 'text', 'text', 'text', 'text', 'int4'])}`);
  }
  await tx.query(sql.unsafe`DELETE FROM ${sql.identifier([schema, 'rounds'])} WHERE session_id = ANY(${sql.array(ids, 'text')})`);
  const rounds = nights.flatMap(([id, night]) =>
    night.rounds.map((round) => [
      id,
      round.number,
      round.startedAt,
      round.endedAt,
      JSON.stringify(round.lineUp),
      textArray(playersOf(round.lineUp)),
      round.names === undefined ? null : JSON.stringify(round.names),
      round.sittingOut === undefined ? null : textArray(round.sittingOut),
    ]),
  );
  if (rounds.length > 0) {
    await tx.query(sql.unsafe`
      INSERT INTO ${sql.identifier([schema, 'rounds'])} (session_id, number, started_at, ended_at, line_up, player_ids, names, sitting_out)
      SELECT s, n, sa, ea, l::jsonb, p::text[], nm::jsonb, so::text[]
      FROM ${sql.unnest(rounds, ['text', 'int4', 'text', 'text', 'text', 'text', 'text', 'text'])} AS r(s, n, sa, ea, l, p, nm, so)`);
  }
}

async function applyNightEvent(tx: DatabaseTransactionConnection, schema: string, id: string, event: NightEvent): Promise<void> {
  const sessions = sql.identifier([schema, 'sessions']);
  const sessionPlayers = sql.identifier([schema, 'session_players']);
  const rounds = sql.identifier([schema, 'rounds']);
  switch (event.type) {
    case 'session-opened': {
      const { venueId, date, startTime, endTime, courts, roundLengthSec, openedAt } = event.data;
      await tx.query(sql.unsafe`
        INSERT INTO ${sessions} (id, venue_id, date, start_time, end_time, courts, round_length_sec, status, version, line_up, timer, opened_at, updated_at)
        VALUES (${id}, ${venueId}, ${date}, ${startTime}, ${endTime}, ${courts}, ${roundLengthSec}, 'open', 1, '[]'::jsonb, NULL, ${openedAt}, ${openedAt})`);
      return;
    }
    case 'snapshot-saved':
      await writeSnapshots(tx, schema, [[id, event.data]]);
      return;
    case 'session-closed':
    case 'session-reopened':
      await tx.query(sql.unsafe`
        UPDATE ${sessions} SET status = ${event.type === 'session-closed' ? 'closed' : 'open'}, version = ${event.data.version}, updated_at = ${event.data.at}
        WHERE id = ${id}`);
      return;
    case 'session-deleted':
      await tx.query(sql.unsafe`DELETE FROM ${sessionPlayers} WHERE session_id = ${id}`);
      await tx.query(sql.unsafe`DELETE FROM ${rounds} WHERE session_id = ${id}`);
      await tx.query(sql.unsafe`DELETE FROM ${sessions} WHERE id = ${id}`);
      return;
    default:
      assertNever(event);
  }
}

export async function applyNightEvents(tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[]): Promise<void> {
  // a snapshot replaces all an earlier one of the same night wrote: a batch keeps each night's latest
  // and writes them together, before any other event of a night that has one waiting
  const waiting = new Map<string, SavedNight>();
  const flush = async (): Promise<void> => {
    await writeSnapshots(tx, schema, [...waiting]);
    waiting.clear();
  };
  for (const recorded of events) {
    if (recorded.stream.startsWith(PLAYER_STREAM_PREFIX)) {
      await applyPlayerEvent(tx, schema, recorded);
    } else if (recorded.stream.startsWith(NIGHT_STREAM_PREFIX)) {
      const id = recorded.stream.slice(NIGHT_STREAM_PREFIX.length);
      const event = parseNightEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion);
      if (event.type === 'snapshot-saved') {
        waiting.set(id, event.data);
        continue;
      }
      if (waiting.has(id)) await flush();
      await applyNightEvent(tx, schema, id, event);
    }
  }
  await flush();
}

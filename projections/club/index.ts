import { sql, type DatabaseTransactionConnection } from 'slonik';
import {
  CLUB_SETTINGS_STREAM,
  type ClubSettingsEvent,
  DEFAULT_COURTS,
  DEFAULT_ROUND_LENGTH_SEC,
  parseClubSettingsEvent,
} from '../../domain/club/settings.ts';
import { assertNever } from '../../domain/shared/events.ts';
import type { RecordedEvent } from '../../infra/eventstore/port.ts';
import type { Projection } from '../runtime/projection.ts';
import { applyNightEvents, createNightTables } from './nights/projector.ts';

/** One statement or two per event: the settings stream is written rarely. */
async function applyOne(tx: DatabaseTransactionConnection, schema: string, event: ClubSettingsEvent): Promise<void> {
  const settings = sql.identifier([schema, 'settings']);
  const levels = sql.identifier([schema, 'levels']);
  const venues = sql.identifier([schema, 'venues']);
  const slots = sql.identifier([schema, 'venue_slots']);
  switch (event.type) {
    case 'club-settings-changed':
      await tx.query(sql.unsafe`
        UPDATE ${settings} SET default_courts = ${event.data.defaultCourts}, round_length_sec = ${event.data.roundLengthSec}
        WHERE id = 'club'`);
      return;
    case 'level-added': {
      const { id, name, rank, isCoach } = event.data;
      // ranks are unique: shift from the top down through a negative detour, then insert
      await tx.query(sql.unsafe`UPDATE ${levels} SET rank = -rank - 2 WHERE rank >= ${rank}`);
      await tx.query(sql.unsafe`UPDATE ${levels} SET rank = -rank - 1 WHERE rank < 0`);
      await tx.query(sql.unsafe`INSERT INTO ${levels} (id, name, rank, is_coach) VALUES (${id}, ${name}, ${rank}, ${isCoach})`);
      return;
    }
    case 'level-renamed':
      await tx.query(sql.unsafe`UPDATE ${levels} SET name = ${event.data.name} WHERE id = ${event.data.id}`);
      return;
    case 'levels-reordered':
      await tx.query(sql.unsafe`UPDATE ${levels} SET rank = -rank - 1`);
      await tx.query(sql.unsafe`
        UPDATE ${levels} AS l SET rank = o.rank
        FROM ${sql.unnest(
          event.data.order.map((id, rank) => [id, rank]),
          ['text', 'int4'],
        )} AS o(id, rank)
        WHERE l.id = o.id`);
      return;
    case 'level-removed':
      await tx.query(sql.unsafe`
        WITH removed AS (DELETE FROM ${levels} WHERE id = ${event.data.id} RETURNING rank)
        UPDATE ${levels} SET rank = -rank WHERE rank > (SELECT rank FROM removed)`);
      await tx.query(sql.unsafe`UPDATE ${levels} SET rank = -rank - 1 WHERE rank < 0`);
      return;
    case 'venue-added': {
      const { id, name, sortOrder, active } = event.data;
      await tx.query(sql.unsafe`INSERT INTO ${venues} (id, name, sort_order, active) VALUES (${id}, ${name}, ${sortOrder}, ${active})`);
      return;
    }
    case 'venue-changed': {
      const { id, name, sortOrder, active } = event.data;
      await tx.query(sql.unsafe`
        UPDATE ${venues} SET
          name = coalesce(${name ?? null}::text, name),
          sort_order = coalesce(${sortOrder ?? null}::int4, sort_order),
          active = coalesce(${active ?? null}::bool, active)
        WHERE id = ${id}`);
      return;
    }
    case 'slot-added': {
      const { id, venueId, weekday, start, end } = event.data;
      await tx.query(sql.unsafe`
        INSERT INTO ${slots} (id, venue_id, weekday, start_time, end_time) VALUES (${id}, ${venueId}, ${weekday}, ${start}, ${end})`);
      return;
    }
    case 'slot-removed':
      await tx.query(sql.unsafe`DELETE FROM ${slots} WHERE id = ${event.data.id}`);
      return;
    case 'slot-changed': {
      const { id, weekday, start, end } = event.data;
      await tx.query(sql.unsafe`UPDATE ${slots} SET weekday = ${weekday}, start_time = ${start}, end_time = ${end} WHERE id = ${id}`);
      return;
    }
    default:
      assertNever(event);
  }
}

/** Club settings, levels, venues and weekly slots, people and nights: everything the club screens read. */
export const clubProjection: Projection = {
  name: 'club',
  // settings, players, sessions and nights
  streams: ['club.'],
  // 3: a filed round keeps its players' names; 4: who sits out, the night's and each round's
  version: 4,
  async migrate(tx, schema) {
    await tx.query(sql.unsafe`
      CREATE TABLE ${sql.identifier([schema, 'settings'])} (
        id text PRIMARY KEY CHECK (id = 'club'),
        default_courts integer NOT NULL,
        round_length_sec integer NOT NULL
      )`);
    await tx.query(sql.unsafe`
      INSERT INTO ${sql.identifier([schema, 'settings'])} (id, default_courts, round_length_sec)
      VALUES ('club', ${DEFAULT_COURTS}, ${DEFAULT_ROUND_LENGTH_SEC})`);
    await tx.query(sql.unsafe`
      CREATE TABLE ${sql.identifier([schema, 'levels'])} (
        id text PRIMARY KEY,
        name text NOT NULL,
        rank integer NOT NULL UNIQUE,
        is_coach boolean NOT NULL
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE ${sql.identifier([schema, 'venues'])} (
        id text PRIMARY KEY,
        name text NOT NULL,
        sort_order integer NOT NULL,
        active boolean NOT NULL
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE ${sql.identifier([schema, 'venue_slots'])} (
        id text PRIMARY KEY,
        venue_id text NOT NULL REFERENCES ${sql.identifier([schema, 'venues'])} (id),
        weekday integer NOT NULL CHECK (weekday BETWEEN 0 AND 6),
        start_time text NOT NULL,
        end_time text NOT NULL
      )`);
    await createNightTables(tx, schema);
  },
  async apply(tx, schema, events: readonly RecordedEvent[]) {
    for (const recorded of events) {
      if (recorded.stream !== CLUB_SETTINGS_STREAM) continue;
      await applyOne(tx, schema, parseClubSettingsEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion));
    }
    await applyNightEvents(tx, schema, events);
  },
};

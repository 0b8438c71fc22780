import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { PublicSchedule, SettingsDocument } from '../../../domain/club/settings.ts';
import { inOneSnapshot } from '../../../infra/postgres/snapshot.ts';

const settingsRow = z.object({ default_courts: z.number(), round_length_sec: z.number() });
const levelRow = z.object({ id: z.string(), name: z.string(), rank: z.number(), is_coach: z.boolean() });
const venueRow = z.object({ id: z.string(), name: z.string(), sort_order: z.number(), active: z.boolean() });
const slotRow = z.object({ id: z.string(), venue_id: z.string(), weekday: z.number(), start_time: z.string(), end_time: z.string() });

/** The whole settings document from the `club` projection's tables. */
/** The club, its levels, venues and slots as of one commit. */
export function readClubSettings(pool: DatabasePool): Promise<SettingsDocument> {
  return inOneSnapshot(pool, settingsIn);
}

async function settingsIn(pool: CommonQueryMethods): Promise<SettingsDocument> {
  const club = await pool.one(sql.type(settingsRow)`SELECT default_courts, round_length_sec FROM club.settings WHERE id = 'club'`);
  const levels = await pool.any(sql.type(levelRow)`SELECT id, name, rank, is_coach FROM club.levels ORDER BY rank`);
  const venues = await pool.any(sql.type(venueRow)`SELECT id, name, sort_order, active FROM club.venues ORDER BY sort_order, name, id`);
  const slots = await pool.any(
    sql.type(slotRow)`SELECT id, venue_id, weekday, start_time, end_time FROM club.venue_slots ORDER BY weekday, start_time, end_time, id`,
  );
  return {
    club: { defaultCourts: club.default_courts, roundLengthSec: club.round_length_sec },
    levels: levels.map((level) => ({ id: level.id, name: level.name, rank: level.rank, isCoach: level.is_coach })),
    venues: venues.map((venue) => ({
      id: venue.id,
      name: venue.name,
      sortOrder: venue.sort_order,
      active: venue.active,
      slots: slots
        .filter((slot) => slot.venue_id === venue.id)
        .map((slot) => ({ id: slot.id, weekday: slot.weekday, start: slot.start_time, end: slot.end_time })),
    })),
  };
}

const catalogRow = z.object({
  venues: z.array(z.object({ id: z.string(), name: z.string(), sortOrder: z.number(), active: z.boolean() })),
  levels: z.array(z.object({ id: z.string(), name: z.string(), rank: z.number(), isCoach: z.boolean() })),
});

/** Venues and levels in one round trip: what checking a snapshot needs, on every save. */
export async function readVenuesAndLevels(pool: DatabasePool): Promise<z.infer<typeof catalogRow>> {
  return pool.one(sql.type(catalogRow)`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'sortOrder', sort_order, 'active', active)), '[]') FROM club.venues) AS venues,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'rank', rank, 'isCoach', is_coach) ORDER BY rank), '[]') FROM club.levels) AS levels`);
}

/** Active venues in sort order with their weekly slots; nothing else (no ids, no counts). */
export async function readPublicSchedule(pool: DatabasePool): Promise<PublicSchedule> {
  const settings = await readClubSettings(pool);
  return {
    venues: settings.venues
      .filter((venue) => venue.active)
      .map((venue) => ({ name: venue.name, slots: venue.slots.map(({ weekday, start, end }) => ({ weekday, start, end })) })),
  };
}

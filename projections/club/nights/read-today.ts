import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { weekdayOf } from '../../../domain/shared/calendar.ts';
import { nightSummarySchema } from './night-views.ts';
import { nightSummaries } from './read-nights.ts';

const slotRow = z.object({ venue_id: z.string(), venue_name: z.string(), start_time: z.string(), end_time: z.string() });

export const todaySchema = z.object({
  date: z.string(),
  weekday: z.number(),
  slots: z.array(z.object({ venueId: z.string(), venueName: z.string(), start: z.string(), end: z.string(), sessionId: z.string().nullable() })),
  sessions: z.array(nightSummarySchema),
});

/** Today: the weekly slots of active venues on the date, each with its night once opened, and every night of that date. */
export async function readToday(pool: DatabasePool, date: string): Promise<z.infer<typeof todaySchema>> {
  const weekday = weekdayOf(date);
  const slots = await pool.any(sql.type(slotRow)`
    SELECT v.id AS venue_id, v.name AS venue_name, s.start_time, s.end_time
    FROM club.venue_slots s JOIN club.venues v ON v.id = s.venue_id
    WHERE v.active AND s.weekday = ${weekday}
    ORDER BY s.start_time, v.sort_order, v.name, s.end_time`);
  const sessions = await nightSummaries(pool, date, date);
  return {
    date,
    weekday,
    slots: slots.map((slot) => ({
      venueId: slot.venue_id,
      venueName: slot.venue_name,
      start: slot.start_time,
      end: slot.end_time,
      sessionId: sessions.find((night) => night.venueId === slot.venue_id && night.startTime === slot.start_time)?.id ?? null,
    })),
    sessions,
  };
}

// Calendar arithmetic on client-local dates (YYYY-MM-DD); never the server's clock. A date read as
// UTC midnight cannot shift to another day, so plain UTC arithmetic is exact here.
import { z } from 'zod';

export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '2999-12-31';
const RANGE = `between ${FIRST_DATE} and ${LAST_DATE}`;

/**
 * YYYY-MM-DD, a real calendar date, as the client sends it. PostgreSQL has no year 0 and
 * `toISOString` signs years past 9999: the range keeps each date, and the weeks the read side
 * counts back and forth from it, clear of both.
 */
export const dateSchema = z.iso
  .date()
  .regex(/^(19|2[0-9])[0-9]{2}-/, RANGE)
  .meta({ format: 'date', description: `YYYY-MM-DD, a real calendar date ${RANGE}` });

/**
 * An instant as a client wrote it (ISO 8601 with an offset), in the same years as dates, so it
 * fits PostgreSQL's timestamptz and JavaScript's Date alike.
 */
export const instantSchema = z.iso
  .datetime({ offset: true })
  .regex(/^(19|2[0-9])[0-9]{2}-/, RANGE)
  .meta({ format: 'date-time', description: `ISO 8601 instant with an offset, ${RANGE}` });

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whole days from `from` to `to`; negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}

/** The first day of the week holding `date`, for a week starting on `weekStart` (0 = Sunday). */
export function weekStartOf(date: string, weekStart: number): string {
  return addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));
}

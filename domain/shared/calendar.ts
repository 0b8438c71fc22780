// Calendar arithmetic on client-local dates (YYYY-MM-DD); never the server's clock. A date read as
// UTC midnight cannot shift to another day, so plain UTC arithmetic is exact here.
import { z } from 'zod';

/** YYYY-MM-DD, a real calendar date, as the client sends it */
export const dateSchema = z.iso.date();

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

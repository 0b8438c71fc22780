// The gym app's pure logic that several screens share: units, dates, recovery codes, titles and
// accents. No DOM and no I/O here, so every rule is unit-tested in node.
import type { SetKind } from '../../domain/gym/set-kind.ts';
import { KG_PER_LB } from '../../domain/gym/units.ts';

export { KG_PER_LB };
export type { SetKind };
export type Unit = 'kg' | 'lb';

/**
 * A weight in kilograms as the user reads it. Rounded to a thousandth (as the export rounds pounds),
 * so a pound value typed, stored as kilograms and read back is the number typed: 135 lb stays 135.
 */
export function kgToShown(kg: number, unit: Unit): number {
  const value = unit === 'lb' ? kg / KG_PER_LB : kg;
  return Math.round(value * 1000) / 1000;
}

/** What the server stores for a weight typed in the user's unit: never rounded. */
export function shownToKg(value: number, unit: Unit): number {
  return unit === 'lb' ? value * KG_PER_LB : value;
}

/**
 * The kilograms to send for a weight field that showed `storedKg`: a number the person left as it was
 * shown is the stored weight itself, since the shown pounds are rounded to a thousandth and 220.462 lb
 * back in kilograms is 99.99988 kg, not the 100 kg stored. Only a number they changed is converted.
 */
export function typedKg(typed: number, storedKg: number | null, unit: Unit): number {
  return storedKg !== null && typed === kgToShown(storedKg, unit) ? storedKg : shownToKg(typed, unit);
}

/** A typed weight (a decimal comma allowed, as phones in many countries type it); null when it is none. */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '' || !/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** The recovery code as the server checks it: a pasted "123 456" or "123-456" works. */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, '');
}

/** The client's calendar date (never the server's): the local year, month and day. */
export function localDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar date `days` before (or after, when negative) a date, as the client counts days. */
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** A calendar date (YYYY-MM-DD) as the phone's language writes it, "Tue, Mar 5, 2024": the day itself, no time zone in between. */
export function dayText(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dayFormat.format(new Date(year, month - 1, day));
}

/**
 * Why a body-weight reading cannot carry this date on this phone, in words; null when it can. The
 * phone's own date (`today`) is the limit: the API can only refuse what is the future everywhere.
 */
export function readingDateProblem(date: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Pick the date of the reading.';
  return date > today ? `A reading cannot be dated in the future: today is ${dayText(today)}.` : null;
}

export function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return localDate(new Date(year, month - 1, day - days));
}

/** What a workout is called on screen: its plan and day ("5×5: Day 1 A"), else "Workout". */
export function workoutTitle(workout: { readonly planName: string | null; readonly dayOrdinal: number | null; readonly dayTitle: string | null }): string {
  if (!workout.planName) return 'Workout';
  return `${workout.planName}: Day ${workout.dayOrdinal ?? ''}${workout.dayTitle ? ` ${workout.dayTitle}` : ''}`;
}

/** Seconds as the rest timer shows them: 1:30. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

// The accent is stored as a colour name the server never interprets; the client owns the palette.
// Each colour carries white text at 4.5:1 or better.
export const ACCENTS: Readonly<Record<string, string>> = {
  green: '#0b6e4f',
  blue: '#1d4ed8',
  purple: '#6d28d9',
  red: '#b91c1c',
  orange: '#b45309',
  teal: '#0f766e',
};
/** The hex colour of a stored accent name; null for a name this client does not know. */
export function accentColour(name: string): string | null {
  return ACCENTS[name] ?? null;
}

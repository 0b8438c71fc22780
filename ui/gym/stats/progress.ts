// The numbers the progress charts draw and the tables beside them print: one pure function per
// chart, so the chart and its accessible table can never disagree, and each is unit-tested in node.
import { kgToShown, type Unit } from '../model.ts';

export type WorkoutProgress = {
  readonly date: string;
  readonly estimatedOneRepMaxKg: number | null;
  readonly volumeKg: number;
};
export type WeekVolume = { readonly weekStart: string; readonly volumeKg: number };
export type Reading = { readonly date: string; readonly kg: number };

/** A chart's data: x as Unix seconds (uPlot's time axis), then one array per line, null for a gap. */
export type Series = { readonly x: readonly number[]; readonly lines: readonly (readonly (number | null)[])[] };

/** A calendar date as the Unix seconds of its UTC midnight: every phone draws the day at the same place. */
export function dateSeconds(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 1000;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/** Per workout of an exercise, oldest first: Epley's e1RM (to 0.1) and the volume (whole), in the user's unit. */
export function exerciseProgress(workouts: readonly WorkoutProgress[], unit: Unit): Series {
  const sorted = [...workouts].sort((a, b) => a.date.localeCompare(b.date));
  return {
    x: sorted.map((each) => dateSeconds(each.date)),
    lines: [
      sorted.map((each) => (each.estimatedOneRepMaxKg === null ? null : tenth(kgToShown(each.estimatedOneRepMaxKg, unit)))),
      sorted.map((each) => Math.round(kgToShown(each.volumeKg, unit))),
    ],
  };
}

/** The volume of each week (whole, in the user's unit), oldest first. */
export function weeklyVolume(weeks: readonly WeekVolume[], unit: Unit): Series {
  const sorted = [...weeks].sort((a, b) => a.weekStart.localeCompare(b.weekStart));
  return { x: sorted.map((each) => dateSeconds(each.weekStart)), lines: [sorted.map((each) => Math.round(kgToShown(each.volumeKg, unit)))] };
}

/** Body-weight readings as the list prints them (to 0.001 in the user's unit), oldest first. */
export function bodyWeightSeries(readings: readonly Reading[], unit: Unit): Series {
  const sorted = [...readings].sort((a, b) => a.date.localeCompare(b.date));
  return { x: sorted.map((each) => dateSeconds(each.date)), lines: [sorted.map((each) => kgToShown(each.kg, unit))] };
}

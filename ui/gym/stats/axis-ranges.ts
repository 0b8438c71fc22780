// The spans of a chart's axes when its data is a single value. For a lone day, uPlot widens the
// time axis by "a day" counted in milliseconds while the values are seconds: one body-weight
// reading was drawn at the left edge of almost three years, every tick labelled "Jan 1". And it pads
// a lone value by its whole size: 80.4 kg drawn on an axis from 0 to 150. A lone day is shown with
// the three days either side of it, a lone value with a twentieth of it either side; anything else
// is left to uPlot.

const DAY_SECONDS = 86_400;

/** The x axis's range for these days (seconds since 1970, UTC midnights); null when not one lone day. */
export function timeRange(days: readonly number[]): [number, number] | null {
  if (days.length === 0) return null;
  const first = Math.min(...days);
  const last = Math.max(...days);
  return first === last ? [first - 3 * DAY_SECONDS, last + 3 * DAY_SECONDS] : [first, last];
}

/** A value axis's range for a line whose values are all one (weights and volumes: never below 0); null otherwise. */
export function valueRange(values: readonly (number | null)[]): [number, number] | null {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0 || known.some((value) => value !== known[0])) return null;
  const value = known[0]!;
  const pad = Math.max(1, Math.abs(value) / 20);
  return [Math.max(0, value - pad), value + pad];
}

// The span of a chart's time axis. For a lone day, uPlot widens the axis by "a day" counted in
// milliseconds while the values are seconds: one body-weight reading was drawn at the left edge of
// almost three years, every tick labelled "Jan 1". A lone day is shown with the three days either
// side of it; more days span from the first to the last, as uPlot has them.

const DAY_SECONDS = 86_400;

/** The x axis's range for these days (seconds since 1970, UTC midnights); null for none, left to uPlot. */
export function timeRange(days: readonly number[]): [number, number] | null {
  if (days.length === 0) return null;
  const first = Math.min(...days);
  const last = Math.max(...days);
  return first === last ? [first - 3 * DAY_SECONDS, last + 3 * DAY_SECONDS] : [first, last];
}

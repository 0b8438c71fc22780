// How late a body-weight reading may be dated. A reading is of a day that has begun on the lifter's
// phone; the server cannot know the phone's calendar, only its own clock, so it holds the date to
// the calendar furthest ahead: no time zone runs more than 14 hours ahead of UTC (UTC+14, Kiribati's
// Line Islands). A date later than that is in the future on every phone on Earth. A date that is
// tomorrow for this phone but already today somewhere is let through here: the app holds the phone
// to its own date (ui/gym/body/body.tsx). No imports, so the app can say it too.

/** The furthest any time zone runs ahead of UTC. */
const FURTHEST_AHEAD_MS = 14 * 3_600_000;

/** The calendar date (YYYY-MM-DD) where the day began first: at `now`, no phone is on a later one. */
export function latestDateAnywhere(now: Date): string {
  return new Date(now.getTime() + FURTHEST_AHEAD_MS).toISOString().slice(0, 10);
}

/** Why `date` cannot be a reading's date at `now`, as the API says it after the field's name; null when it can. */
export function futureDateProblem(date: string, now: Date): string | null {
  const latest = latestDateAnywhere(now);
  return date > latest ? `must not be in the future (after ${latest})` : null;
}

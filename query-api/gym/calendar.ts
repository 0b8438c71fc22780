// Calendar arithmetic on the client's dates (YYYY-MM-DD); never the server's clock.

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the week holding `date`, for a week starting on `weekStart` (0 = Sunday). */
export function weekStartOf(date: string, weekStart: number): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday - weekStart + 7) % 7));
}

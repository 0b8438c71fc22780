const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ISO_WALL = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DAY_MONTH_WALL = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/;

export type Wall = { readonly date: string; readonly wall: string; readonly ms: number };

/** A local date and time as exporters write it: `2024-03-05 07:12:44` (Strong), `26 Jul 2025, 07:06` (Hevy). */
export function parseWallTime(text: string): Wall | null {
  const trimmed = text.trim();
  let parts: number[] | null = null;
  const iso = ISO_WALL.exec(trimmed);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)];
  const spelled = DAY_MONTH_WALL.exec(trimmed);
  if (spelled) {
    const month = MONTHS.indexOf(spelled[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month === 0) return null;
    parts = [Number(spelled[3]), month, Number(spelled[1]), Number(spelled[4]), Number(spelled[5]), Number(spelled[6] ?? 0)];
  }
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  if (year < 1900 || year > 2999 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  const iso8601 = back.toISOString();
  return { date: iso8601.slice(0, 10), wall: iso8601.slice(0, 19), ms };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Whether `timeZone` is a zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone` is ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time (given as if it were UTC) names in `timeZone`: a time the clocks
 * skipped moves forward by the change, one they passed twice is the first of the two.
 */
export function zonedInstant(wallMs: number, timeZone: string): string {
  const first = wallMs - offsetAt(wallMs, timeZone);
  const second = wallMs - offsetAt(first, timeZone);
  // the second guess shows the wall time unless the clocks skipped it; then the first is later
  return new Date(wallMs - offsetAt(second, timeZone) === second ? second : Math.max(first, second)).toISOString();
}

/** `1h 5m`, `45m`, `30s`, `1h 2m 3s` (Strong's Duration), in seconds; null when empty. */
export function parseDuration(text: string): number | null | 'bad' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i.exec(trimmed);
  if (!match || (match[1] === undefined && match[2] === undefined && match[3] === undefined)) return 'bad';
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/** A plain decimal (`102.5`; `102,5` in a `;` file or a language that writes it so); null when empty. */
export function parseDecimal(text: string, decimalComma: boolean): number | null | 'bad' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normal = decimalComma ? trimmed.replace(/^(\d+),(\d+)$/, '$1.$2') : trimmed;
  if (!/^\+?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return 'bad';
  return Number(normal);
}

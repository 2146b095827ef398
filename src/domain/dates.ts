// Small date helpers; the current time is always passed in.

export type DateInput = Date | string | number | null | undefined;

export const DAY_MS = 86_400_000;

/** A valid Date from a Date, ISO string or epoch milliseconds; null when missing or invalid. */
export function toDate(value: DateInput): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `date` plus whole days (UTC, so always 24-hour days). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Whole days from now until `until`, rounded up; 0 when already past. */
export function daysUntil(until: Date, now: Date): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / DAY_MS));
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of UTC). */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in `timeZone`, the wall time given as if it were UTC (ms): the offset at the
 * guess, then again at the corrected instant (one step settles it across a DST change).
 */
export function zonedWallTime(wallAsUtc: number, timeZone: string): Date {
  const first = wallAsUtc - timeZoneOffsetMs(new Date(wallAsUtc), timeZone);
  return new Date(wallAsUtc - timeZoneOffsetMs(new Date(first), timeZone));
}

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone`. */
export function zonedDayStart(ymd: string, timeZone: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return zonedWallTime(Date.UTC(y, m - 1, d), timeZone);
}

/** The instant the next calendar day starts in `timeZone`: the exclusive end of an inclusive end-of-day filter. */
export function zonedDayEnd(ymd: string, timeZone: string): Date {
  return zonedDayStart(addDaysToYmd(ymd, 1), timeZone);
}

/** The calendar date (YYYY-MM-DD) of `now` in UTC. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The first instant (UTC) of the day after `now`'s, in milliseconds. */
export function nextUtcDayStart(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
}

/** The months' names, January first, for dates read from their own digits (no time zone moves them). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A calendar date (YYYY-MM-DD) plus whole days. */
export function addDaysToYmd(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first instant of the calendar month (UTC) that `now` falls in: monthly limits count from here. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The first instant of the next calendar month (UTC): when this month's counts start again. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** A stored timestamp as the API writes it: ISO 8601 in UTC, or null when there is none. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

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

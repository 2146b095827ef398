// The times "Where you're signed in" shows: relative for reading at a glance ("Active 5 minutes ago"), absolute
// for the title and for screen readers ("Nov 23, 2026, 9:55 PM").
import { toDate, type DateInput } from '#domain/dates';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "just now" under a minute (and for a date ahead of `now`), then minutes, hours, days ("yesterday"). */
export function relativeTime(value: DateInput, now: Date): string {
  const d = toDate(value);
  if (!d) return '—';
  const seconds = Math.floor((now.getTime() - d.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.floor(hours / 24), 'day');
}

/** "Nov 23, 2026, 9:55 PM", or an em dash for an unreadable date. */
export function absoluteTime(value: DateInput): string {
  const d = toDate(value);
  return d ? absolute.format(d) : '—';
}

const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * When a session began, told apart from others of the same day: "today at 9:55 PM", "yesterday at 8:01 AM",
 * "Nov 20" this year, "Nov 20, 2025" before. In the browser's time zone.
 */
export function signedInText(value: DateInput, now: Date): string {
  const d = toDate(value);
  if (!d) return '—';
  if (sameDay(d, now)) return `today at ${time.format(d)}`;
  if (sameDay(d, new Date(now.getTime() - 86_400_000))) return `yesterday at ${time.format(d)}`;
  return d.getFullYear() === now.getFullYear() ? monthDay.format(d) : day.format(d);
}

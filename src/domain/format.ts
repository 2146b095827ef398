// Display formatting: dates, money, plan names, error texts and visit classes. The clock and the time zone
// are parameters so output is deterministic; strings are assembled from parts with plain spaces so every
// runtime prints the same thing.
import { countOf } from './count-words.ts';
import { toDate, type DateInput } from './dates.ts';

// Money formatting lives in money.ts (small, for the landing pages' first load); re-exported here.
export { formatCents, formatMoney, formatWholeCents, formatWholeDollars } from './money.ts';

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  dayPeriod: string;
}

function parts(date: Date, timeZone: string): Parts {
  const list = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => list.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    dayPeriod: get('dayPeriod').toUpperCase(),
  };
}

/** "3:04 PM" in `timeZone`. */
export function formatTime(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${Number(p.hour)}:${p.minute} ${p.dayPeriod}`;
}

/** "01/05/2025 03:04 PM" (MM/DD/YYYY hh:mm AM/PM) in `timeZone`; empty for a missing or invalid date. */
export function formatAdminDate(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date, timeZone);
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** The Last Active column: the admin date, or "Never" when missing. */
export function formatLastActive(value: DateInput, timeZone: string): string {
  return formatAdminDate(value, timeZone) || 'Never';
}

/**
 * Chat timestamp: "Just now" under a minute (and for an invalid or future date), "N minutes ago" under an hour,
 * the time under a day, else date and time ("01/05/2025 3:04 PM").
 */
export function formatChatTime(value: DateInput, now: Date, timeZone: string): string {
  const date = toDate(value);
  if (!date) return 'Just now';
  const seconds = (now.getTime() - date.getTime()) / 1000;
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  if (minutes < 24 * 60) return formatTime(date, timeZone);
  const p = parts(date, timeZone);
  return `${p.month}/${p.day}/${p.year} ${formatTime(date, timeZone)}`;
}

/**
 * A provider's median first-response time as customers read it beside the name: "Usually replies within 5
 * minutes" (rounded up to whole minutes, at least 1), then hours under two days, then days.
 */
export function responseTimeLabel(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `Usually replies within ${minutes === 1 ? '1 minute' : `${minutes} minutes`}`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `Usually replies within ${hours === 1 ? '1 hour' : `${hours} hours`}`;
  return `Usually replies within ${Math.ceil(hours / 24)} days`;
}

/** "Showing X to Y of Z users" for a 1-based page ("of 1 user" for one). */
export function showingUsersText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return 'Showing 0 to 0 of 0 users';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${countOf(total, 'user')}`;
}

/** The bulk bar's "1 user selected" / "3 users selected". */
export function selectedUsersText(count: number): string {
  return `${countOf(count, 'user')} selected`;
}

/** The error text of a failed call: "STATUS: body", or the status text when the body is empty. */
export function httpErrorText(status: number, body: string, statusText: string): string {
  return `${status}: ${body.trim() || statusText}`;
}

/** Unread count arrives as a string or a number. */
export function parseUnreadCount(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** User menu initials: "JD" from John Doe; "?" when both names are empty. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const s = `${(firstName ?? '').trim().charAt(0)}${(lastName ?? '').trim().charAt(0)}`.toUpperCase();
  return s || '?';
}

/** First and last name, as admins and the two parties of a job read them. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The name one user shows another: first name and last initial ("Jane D."), or the first name alone when the last
 * name is empty.
 */
export function publicName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName} ${initial}.` : firstName;
}

/** The sender label of a chat message: "You", the sender's first name, or "Other User", plus the role. */
export function senderLabel(
  message: { senderId: string; senderFirstName?: string | null },
  viewerId: string,
  otherRole?: 'customer' | 'provider' | null,
): string {
  if (message.senderId === viewerId) return 'You';
  const name = message.senderFirstName?.trim() || 'Other User';
  if (otherRole === 'customer') return `${name} (Customer)`;
  if (otherRole === 'provider') return `${name} (Service Provider)`;
  return name;
}

/** The estimate bid badge: "N Bids" when posted with bids, else nothing. */
export function bidBadge(status: string, bidCount: number | null | undefined): string | null {
  return status === 'posted' && (bidCount ?? 0) > 0 ? `${bidCount} Bids` : null;
}

export const browserClasses = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Test', 'Other'] as const;
export type BrowserClass = (typeof browserClasses)[number];

/** Visit analytics browser class from a user agent (Edge before Chrome, Chrome before Safari). */
export function browserClass(userAgent: string | null | undefined): BrowserClass {
  const ua = userAgent ?? '';
  if (/HeadlessChrome|Playwright|curl|node-fetch|undici|vitest|lighthouse/i.test(ua)) return 'Test';
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Other';
}

/** Visit analytics traffic source: the referer's host, or "Direct" without a referer. */
export function trafficSource(referer: string | null | undefined): string {
  if (!referer) return 'Direct';
  try {
    return new URL(referer).hostname || 'Direct';
  } catch {
    return 'Direct';
  }
}

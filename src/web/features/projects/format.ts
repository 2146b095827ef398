// Display helpers of the project screens (budgets, dates, error texts); pure, tested in format.test.ts.
import { formatMoney } from '#domain/money';
import { HttpError, parseApiError } from '#web/lib/api-client.ts';

/** The server's own message: from the body only (an empty body leaves just the status text, not a message). */
function serverMessage(err: unknown): string | null {
  if (err instanceof HttpError && !err.body.trim()) return null;
  return parseApiError(err).message;
}

const whole = (n: number) => (Number.isInteger(n) ? formatMoney(n).replace(/\.00$/, '') : formatMoney(n));

/** "$5,000 – $9,000", "Up to $9,000", "From $5,000" or "Budget open". */
export function budgetText(min: number | null, max: number | null): string {
  if (min != null && max != null) return min === max ? whole(min) : `${whole(min)} – ${whole(max)}`;
  if (max != null) return `Up to ${whole(max)}`;
  if (min != null) return `From ${whole(min)}`;
  return 'Budget open';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Mar 4, 2026" in the viewer's time zone: what toLocaleDateString('en-US', { month: 'short', day: 'numeric',
 * year: 'numeric' }) writes, assembled by hand for four-digit years, because the first Intl date format of a page
 * loads locale data in the task that renders /browse's cards.
 */
export function postedDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const year = d.getFullYear();
  return year >= 1000 && year <= 9999
    ? `${MONTHS[d.getMonth()]} ${d.getDate()}, ${year}`
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Post failures: the server's error, or "Failed (HTTP status)". */
export function postErrorText(err: unknown): string {
  const message = serverMessage(err);
  if (message) return message;
  const status = parseApiError(err).status;
  return status ? `Failed (${status})` : 'Failed (network error)';
}

/** Message and connect failures: the server's error, or "Failed". */
export function actionErrorText(err: unknown): string {
  return serverMessage(err) ?? 'Failed';
}

/** Case-insensitive search of /browse over title, category and city. */
export function matchesSearch(
  p: { title: string; category: string; categoryLabel: string; city: string },
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [p.title, p.category, p.categoryLabel, p.city].some((v) => v.toLowerCase().includes(q));
}

export const CONNECTED_TEXT = "Contact shared. You're connected!";

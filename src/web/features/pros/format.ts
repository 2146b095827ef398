// How a pro's public facts read (decision 0046). Every date is read in UTC or from its own digits, never in the
// reader's zone, so the page the server renders and the one the browser hydrates say the same.
import { countOf } from '#domain/count-words';
import { MONTH_NAMES } from '#domain/dates';
import type { PortfolioItem, ProviderCard } from '#domain/schemas/pro-profile.schema';

/** "March 2026" from "2026-03", "2026-03-14" or an ISO time (its UTC month); the input itself if unreadable. */
export function monthYear(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  const name = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : value;
}

/** "Member since March 2026". */
export const memberSinceText = (iso: string) => `Member since ${monthYear(iso)}`;

/** "Jacksonville, FL", the city or the state alone, or null without either. */
export function placeText(p: Pick<ProviderCard, 'city' | 'state'>): string | null {
  const parts = [p.city?.trim(), p.state?.trim()].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** The name a pro goes by on their page and cards: the company, or "Dana K." without one. */
export const displayName = (p: Pick<ProviderCard, 'companyName' | 'name'>) => p.companyName?.trim() || p.name;

/** "Verified job · Plumbing · March 2026" under a photo taken from a completed job; null for an uploaded one. */
export function verifiedJobText(item: PortfolioItem): string | null {
  return item.verified
    ? `Verified job · ${item.verified.categoryLabel} · ${monthYear(item.verified.month)}`
    : null;
}

/** "4.8" (one decimal), for a rating the server computed. */
export const ratingText = (rating: number | null) => (rating ?? 0).toFixed(1);

export const reviewsText = (n: number) => countOf(n, 'review');
export const jobsText = (n: number) => countOf(n, 'completed job');

// How a bid and its compared quote read: the bidder's company, calendar dates, a line's difference and the total's
// place against the customer's range.
import { formatMoney } from '#domain/format';
import type { EstimateBids as Bids } from '#domain/schemas/bid.schema';
import type { ComparedQuote } from '#domain/schemas/quote.schema';

export type BidItem = Bids['items'][number];

/** The id of the bids heading: "Compare bids" moves the focus there. */
export const BIDS_HEADING_ID = 'bids-heading';

/** The company a bid is from (the provider's name without one). */
export const bidderName = (b: BidItem) => b.provider.companyName || b.provider.name;

/** A calendar date (YYYY-MM-DD) as "Dec 5, 2026", read as the date it names whatever the viewer's zone. */
export function formatDay(ymd: string): string {
  const d = new Date(`${ymd.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? ymd
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const percent = (p: number) => `${Math.abs(Number(p.toFixed(1)))}%`;

/** "$120.00 more (+12%)", "$50.00 less (−5%)" or "Same as your estimate". */
export function differenceText(difference: number, differencePercent: number | null): string {
  if (difference === 0) return 'Same as your estimate';
  const more = difference > 0;
  const pct = differencePercent === null ? '' : ` (${more ? '+' : '−'}${percent(differencePercent)})`;
  return `${formatMoney(Math.abs(difference))} ${more ? 'more' : 'less'}${pct}`;
}

/** The total against the range: "$X below your range", "Within your range" or "$X above your range". */
export function positionText(q: Pick<ComparedQuote, 'position' | 'positionAmount'>): string {
  if (q.position === 'within') return 'Within your range';
  return `${formatMoney(q.positionAmount)} ${q.position} your range`;
}

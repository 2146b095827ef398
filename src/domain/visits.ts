// The Visit Analytics tab's figures, computed from the recent visits the tab
// fetches (GET /api/visits/recent?limit=100) plus the total (GET /api/visits/count): visits per day, the top 10
// pages and traffic sources ("Direct" without a referer), and the browser classes.
import { toDate, type DateInput } from './dates.ts';
import { browserClass, browserClasses, trafficSource, type BrowserClass } from './format.ts';

export const TOP_LIST_SIZE = 10;
export const RECENT_VISITS_FETCHED = 100;
export const RECENT_VISITS_SHOWN = 20;

export interface VisitLike {
  page: string;
  referer?: string | null;
  userAgent?: string | null;
  visitedAt: DateInput;
}

export interface Tally {
  name: string;
  count: number;
}

export interface VisitSummary {
  /** One entry per calendar day (in the time zone) that had visits, oldest first; day is YYYY-MM-DD. */
  perDay: { day: string; count: number }[];
  topPages: Tally[];
  sources: Tally[];
  /** Every class, zero included, in the order of browserClasses. */
  browsers: Record<BrowserClass, number>;
}

/** Most first, then by name; at most `limit`. */
function top(counts: Map<string, number>, limit: number): Tally[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit);
}

const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

export function summarizeVisits(visits: readonly VisitLike[], timeZone = 'UTC'): VisitSummary {
  const dayOf = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const days = new Map<string, number>();
  const pages = new Map<string, number>();
  const sources = new Map<string, number>();
  const browsers = Object.fromEntries(browserClasses.map((c) => [c, 0])) as Record<BrowserClass, number>;
  for (const v of visits) {
    const at = toDate(v.visitedAt);
    if (at) bump(days, dayOf.format(at));
    bump(pages, v.page);
    bump(sources, trafficSource(v.referer));
    browsers[browserClass(v.userAgent)] += 1;
  }
  return {
    perDay: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count })),
    topPages: top(pages, TOP_LIST_SIZE),
    sources: top(sources, TOP_LIST_SIZE),
    browsers,
  };
}

// Bid counts, read from the bids table for the features that list estimates.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { bids } from '#server/db/schema/index';

/**
 * The number of standing bids (pending or accepted: a withdrawn or declined one no longer counts) on the estimate
 * in `estimateId`, as a column of an estimate list statement (one index probe per row in the same statement,
 * rather than a second round trip after the page).
 */
export function bidCountOf(estimateId: AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${bids} where ${bids.estimateId} = ${estimateId} and ${bids.status} in ('pending', 'accepted'))`;
}

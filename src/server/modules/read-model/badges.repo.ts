// The badges of verified credentials, read for any number of providers in one statement (a profile, a directory
// page, the bids on an estimate, the server-rendered page). Whether a badge shows is the domain's badgeActive rule
// (approved, and today on or before its expiry date) written in SQL, so a lapsed credential drops out on its own
// the day after expiry, with no job having to run (decision 0046).
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Badge } from '#domain/profiles';
import type { Executor } from '#server/db/client';
import { providerCredentials as c } from '#server/db/schema/index';

/**
 * Each provider's active badges on `today` (YYYY-MM-DD): licenses first, then insurance, each kind soonest expiry
 * first. A provider without any is absent from the map.
 */
export async function activeBadgesFor(
  db: Executor,
  providerIds: string[],
  today: string,
): Promise<Map<string, Badge[]>> {
  const out = new Map<string, Badge[]>();
  const ids = [...new Set(providerIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      providerId: c.providerId,
      kind: c.kind,
      state: c.state,
      number: c.number,
      trade: c.trade,
      coverageAmount: c.coverageAmount,
      expiresOn: c.expiresOn,
      reviewedAt: c.reviewedAt,
    })
    .from(c)
    .where(and(inArray(c.providerId, ids), eq(c.status, 'approved'), gte(c.expiresOn, today)))
    // The enum's order is license, insurance: licenses first.
    .orderBy(asc(c.providerId), asc(c.kind), asc(c.expiresOn), asc(c.id));
  for (const r of rows) {
    const badge: Badge = {
      kind: r.kind,
      state: r.kind === 'license' ? r.state : null,
      number: r.kind === 'license' ? r.number : null,
      trade: r.kind === 'license' ? r.trade : null,
      coverageAmount: r.kind === 'insurance' ? r.coverageAmount : null,
      expiresOn: r.expiresOn,
      // An approved credential always has its review time; the expiry stands in should a row lack it.
      verifiedAt: (r.reviewedAt ?? new Date(`${r.expiresOn}T00:00:00Z`)).toISOString(),
    };
    const list = out.get(r.providerId);
    if (list) list.push(badge);
    else out.set(r.providerId, [badge]);
  }
  return out;
}

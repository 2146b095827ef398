// A bid's site visit in one line, for the provider's bid list (decision 0049): the open visit's state and time in
// the job's zone, or, for a pending bid without one, the way to propose times on the estimate page. The provider's
// visits are read once for the whole list (useOpenVisitsByEstimate), not once per bid.
import { Link } from 'wouter';
import type { SiteVisit } from '#domain/schemas/site-visit.schema';
import { openSiteVisitStatuses } from '#domain/site-visits';
import { useSiteVisits } from '../api/site-visits.ts';
import { SiteVisitStatusBadge, visitWhen } from './SiteVisitCard.tsx';

/** The caller's open visits (proposed or booked), by estimate: one read of their 50 most pressing visits. */
export function useOpenVisitsByEstimate(): Map<string, SiteVisit> {
  const visits = useSiteVisits({ pageSize: 50 });
  const map = new Map<string, SiteVisit>();
  for (const v of visits.data?.items ?? []) {
    if (openSiteVisitStatuses.includes(v.status) && !map.has(v.estimateId)) map.set(v.estimateId, v);
  }
  return map;
}

export function SiteVisitLine({
  visit,
  estimateId,
  canPropose,
}: {
  visit: SiteVisit | undefined;
  estimateId: string;
  canPropose: boolean;
}) {
  if (visit) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
        <span>Site visit:</span>
        <SiteVisitStatusBadge status={visit.status} />
        <span>{visitWhen(visit)}</span>
      </p>
    );
  }
  if (!canPropose) return null;
  return (
    <p className="text-sm">
      <Link
        href={`/estimates/${estimateId}#site-visit`}
        className="font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
      >
        Propose a site visit
      </Link>
    </p>
  );
}

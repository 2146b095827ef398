// The dashboards' "Visits" section (decision 0049), the customer's and the provider's alike: the caller's site
// visits from GET /api/site-visits, upcoming first, a page at a time, each with its moves.
import { useState } from 'react';
import { EmptyState, ErrorState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSiteVisits } from '../api/site-visits.ts';
import { SiteVisitCard } from './SiteVisitCard.tsx';

const PAGE_SIZE = 5;

export function VisitsSection() {
  const [page, setPage] = useState(1);
  const visits = useSiteVisits({ page, pageSize: PAGE_SIZE });
  const total = visits.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section aria-labelledby="visits-heading">
      <h2 id="visits-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Visits
      </h2>
      <div className="mt-3 space-y-3">
        {visits.isLoading ? (
          <p role="status" className="text-slate-700 dark:text-slate-300">
            Loading visits…
          </p>
        ) : visits.isError ? (
          <ErrorState text="Could not load your visits." onRetry={() => void visits.refetch()} />
        ) : total === 0 ? (
          <EmptyState text="No site visits yet. Visits proposed on posted jobs show here." />
        ) : (
          <>
            <ul className="space-y-3">
              {visits.data!.items.map((v) => (
                <li key={v.id}>
                  <SiteVisitCard visit={v} showJob />
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label="Visit pages" className="flex items-center justify-between gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </Button>
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}

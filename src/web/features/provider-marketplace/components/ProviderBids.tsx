// "Your bids" on the provider dashboard: each bid with its estimate, the customer and their record (decision 0044),
// the quote total if there is one, and the status in words ("Waiting for the customer", "Hired" with a way to the
// job, "Not selected", "Withdrawn"); a quoted bid offers its PDF, a pending one "Withdraw bid" after a confirmation;
// each bid's open site visit, or the way to propose one (decision 0049).
import { useState } from 'react';
import { Link } from 'wouter';
import { formatMoney, formatWholeDollars } from '#domain/format';
import { QUOTE_MESSAGES } from '#domain/schemas/quote.schema';
import type { SiteVisit } from '#domain/schemas/site-visit.schema';
import { EmptyState, ListState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useEstimateJob } from '#web/features/jobs/index.ts';
import { CustomerFactsLine } from '#web/features/reviews/index.ts';
import { SiteVisitLine, useOpenVisitsByEstimate } from '#web/features/site-visits/index.ts';
import { paths } from '#web/lib/paths.ts';
import { PROVIDER_BIDS_PAGE_SIZE, useProviderBids, useWithdrawBid, type ProviderBid } from '../api/quotes.ts';

const STATUS_TEXT: Record<ProviderBid['status'], string> = {
  pending: 'Waiting for the customer',
  accepted: 'Hired',
  declined: 'Not selected',
  withdrawn: 'Withdrawn',
};

const STATUS_CLASS: Record<ProviderBid['status'], string> = {
  pending: 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  accepted: 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  declined: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  withdrawn: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

const link =
  'inline-flex min-h-11 items-center font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

export function ProviderBids() {
  const [page, setPage] = useState(1);
  const list = useProviderBids(page);
  const visits = useOpenVisitsByEstimate();
  return (
    <section
      aria-labelledby="your-bids"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="your-bids" className="text-lg font-semibold text-slate-900 dark:text-white">
        Your bids
      </h2>
      <div className="mt-3" aria-busy={list.isFetching || undefined}>
        <ListState
          query={list}
          loading={<Spinner label="Loading your bids" />}
          error="Failed to load your bids."
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState text="You have not bid on any work yet." />}
        >
          {({ items, total }) => (
            <>
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {items.map((b) => (
                  <BidRow key={b.id} bid={b} visit={visits.get(b.estimateId)} />
                ))}
              </ul>
              <Pager
                label="Bid pages"
                page={page}
                pageCount={pageRange(page, PROVIDER_BIDS_PAGE_SIZE, total).pageCount}
                capped={false}
                onPage={setPage}
              >
                Page {page} · {total} {total === 1 ? 'bid' : 'bids'}
              </Pager>
            </>
          )}
        </ListState>
      </div>
    </section>
  );
}

function BidRow({ bid: b, visit }: { bid: ProviderBid; visit: SiteVisit | undefined }) {
  const title = b.estimate.title;
  const canPropose = b.status === 'pending' && b.estimate.status === 'posted';
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <Link href={paths.estimate(b.estimateId)} className={cn(link, 'min-h-0 font-semibold')}>
          {title}
        </Link>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {b.estimate.customerName} · Customer's range {formatWholeDollars(b.estimate.minBudget)} –{' '}
          {formatWholeDollars(b.estimate.maxBudget)}
        </p>
        {b.estimate.customerFacts && (
          <p>
            <span className="sr-only">{b.estimate.customerName}: </span>
            <CustomerFactsLine facts={b.estimate.customerFacts} />
          </p>
        )}
        <p className="text-sm text-slate-800 dark:text-slate-200">
          {b.quote ? (
            <>
              Your quote: <span className="font-semibold">{formatMoney(b.quote.total)}</span>
              {b.quote.revisedAt && ' (revised)'}
            </>
          ) : (
            QUOTE_MESSAGES.noPrice
          )}
        </p>
        {/* Times may be proposed on a job still posted to a pending bid (an unposted one is not open to visits). */}
        {(visit || canPropose) && (
          <SiteVisitLine visit={visit} estimateId={b.estimateId} canPropose={canPropose} />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:justify-end">
        <span className={cn('rounded-full px-3 py-1 text-sm font-medium', STATUS_CLASS[b.status])}>
          {STATUS_TEXT[b.status]}
        </span>
        {b.status === 'accepted' && <JobLink estimateId={b.estimateId} title={title} />}
        {b.quote && (
          <a
            href={paths.quotePdf(b.id)}
            className={link}
            download
            aria-label={`Download PDF of your quote for ${title}`}
          >
            Download PDF
          </a>
        )}
        {b.status === 'pending' && <WithdrawBid bidId={b.id} title={title} />}
      </div>
    </li>
  );
}

/** The job the hire started, else the jobs list. */
function JobLink({ estimateId, title }: { estimateId: string; title: string }) {
  const job = useEstimateJob(estimateId, true);
  return (
    <Link
      href={job.data ? paths.job(job.data.id) : paths.jobs}
      className={link}
      aria-label={`Go to the job for ${title}`}
    >
      Go to the job
    </Link>
  );
}

function WithdrawBid({ bidId, title }: { bidId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawBid();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Withdraw bid on ${title}`}>
          Withdraw bid
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Withdraw this bid?"
        description={`The customer will no longer see your bid on ${title}, or its quote.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Keep the bid</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(bidId, {
                onSuccess: () => {
                  toast({ title: QUOTE_MESSAGES.withdrawn, variant: 'success' });
                  setOpen(false);
                },
                onError: (err) =>
                  toast({
                    title: 'Bid not withdrawn',
                    description: errorMessage(err, 'The bid could not be withdrawn.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {withdraw.isPending ? 'Withdrawing…' : 'Withdraw bid'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

// The bids on the owner's estimate (decision 0019): each provider's name, company,
// plan and usual response time, featured plans first, shown against the customer's own priced range; Accept
// (confirmed) completes the estimate with that provider and declines the others. Message opens the conversation
// with a bidder, which the owner may start.
import { useState } from 'react';
import { Link } from 'wouter';
import { canTransition } from '#domain/estimate-status';
import { formatWholeDollars, responseTimeLabel } from '#domain/format';
import { providerPlanDisplayName } from '#domain/plans';
import type { EstimateBids as Bids } from '#domain/schemas/bid.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useAcceptBid, useEstimateBids } from '../api/bids.ts';
import type { Estimate } from '../api/types.ts';

/** The priced range and total beside the bids, in whole dollars (the line items keep their cents). */
const money = formatWholeDollars;
type BidItem = Bids['items'][number];

export function EstimateBids({ estimate }: { estimate: Estimate }) {
  const bids = useEstimateBids(estimate.id, estimate.status !== 'draft');
  const accept = useAcceptBid(estimate.id);
  const [confirm, setConfirm] = useState<BidItem | null>(null);
  if (estimate.status === 'draft') return null;
  // Accept shows where the status table lets accepting a bid complete the estimate.
  const open = canTransition(estimate.status, 'acceptBid');

  let body;
  if (bids.isPending) body = <Spinner label="Loading bids" />;
  else if (bids.isError)
    body = (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Failed to load bids.
      </p>
    );
  else if (bids.data.items.length === 0)
    body = (
      <p className="text-slate-700 dark:text-slate-300">
        No bids yet. Providers with access to this category can bid once it is posted.
      </p>
    );
  else
    body = (
      <ul aria-label="Bids" className="divide-y divide-slate-200 dark:divide-slate-800">
        {bids.data.items.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold text-slate-900 dark:text-white">
                {b.provider.name}
                {b.provider.companyName && (
                  <span className="font-normal text-slate-700 dark:text-slate-300">
                    {' '}
                    · {b.provider.companyName}
                  </span>
                )}{' '}
                <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                  {providerPlanDisplayName(b.provider.plan)}
                </span>
                {b.featured && (
                  <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                    Featured
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {b.provider.medianResponseSeconds !== null
                  ? responseTimeLabel(b.provider.medianResponseSeconds)
                  : 'No response time yet'}
                {' · '}Bid on {new Date(b.createdAt).toLocaleDateString('en-US')}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" variant="outline" asChild>
                <Link
                  href={paths.conversation(estimate.id, b.provider.id)}
                  aria-label={`Message ${b.provider.name}`}
                >
                  Message
                </Link>
              </Button>
              {b.status === 'pending' ? (
                open && (
                  <Button
                    size="sm"
                    onClick={() => setConfirm(b)}
                    aria-label={`Accept ${b.provider.name}'s bid`}
                  >
                    Accept
                  </Button>
                )
              ) : (
                <span className="text-sm font-semibold capitalize text-slate-800 dark:text-slate-200">
                  {b.status}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section
      aria-labelledby="bids-heading"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="bids-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Bids
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Your priced range: {money(estimate.minBudget)} – {money(estimate.maxBudget)} (estimate{' '}
        {money(estimate.finalEstimate)}). Compare what each provider proposes in messages against it.
      </p>
      <div className="mt-3">{body}</div>
      <Dialog open={confirm !== null} onOpenChange={(o) => !o && !accept.isPending && setConfirm(null)}>
        <DialogContent
          title="Accept this bid?"
          description="The estimate is marked completed with this provider, and the other bids are declined."
        >
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              disabled={accept.isPending}
              onClick={() =>
                confirm &&
                accept.mutate(confirm.id, {
                  onSuccess: () => {
                    setConfirm(null);
                    toast({
                      title: 'Bid accepted',
                      description: `${confirm.provider.name} gets the job.`,
                      variant: 'success',
                    });
                  },
                  onError: (err) =>
                    toast({
                      title: 'Failed to accept bid',
                      description: errorMessage(err, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {accept.isPending ? 'Accepting…' : 'Accept bid'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

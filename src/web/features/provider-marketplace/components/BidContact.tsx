// The Contact cell of posted work for a provider: Send Bid, then Message for
// work already bid on, with "Add a quote" ("Edit quote" once one exists) beside it while the bid is pending; without access a disabled "Upgrade Required" / "No Access" with the reason on screen and
// in a tooltip. The server decided the access per item (providerAccess) and checks it again on the bid.
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { OwnQuote } from '#domain/schemas/quote.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePlaceBid, type TaskBid } from '../api/posted.ts';
import { QuoteDialog } from './QuoteDialog.tsx';

export function BidContact({
  estimate: e,
  bid,
  quote,
  onMessage,
}: {
  estimate: Estimate;
  /** The provider's bid on this estimate, if any. */
  bid: TaskBid | undefined;
  /** The provider's latest quote on that bid (null: none yet; undefined: still loading). */
  quote: OwnQuote | null | undefined;
  onMessage: (e: Estimate) => void;
}) {
  const place = usePlaceBid();
  const access = e.providerAccess;
  if (!access?.allowed) {
    const label = access?.label ?? 'No Access';
    const reason = access?.reason ?? 'No permission to message';
    return (
      <div className="flex flex-col items-start gap-1">
        <Tooltip content={reason}>
          <Button size="sm" variant="outline" aria-disabled="true" aria-describedby={`why-${e.id}`}>
            {label}
          </Button>
        </Tooltip>
        <span id={`why-${e.id}`} className="text-xs text-slate-600 dark:text-slate-400">
          {reason}
        </span>
      </div>
    );
  }
  if (bid) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" aria-label={`Message about ${e.title}`} onClick={() => onMessage(e)}>
          Message
        </Button>
        {bid.status === 'pending' && quote !== undefined && (
          <QuoteDialog estimate={e} bidId={bid.bidId} quote={quote} />
        )}
      </div>
    );
  }
  return (
    <Button
      size="sm"
      aria-label={`Send Bid on ${e.title}`}
      disabled={place.isPending}
      onClick={() =>
        place.mutate(e.id, {
          onSuccess: () => {
            toast({
              title: 'Bid placed successfully',
              description: 'You can now send a message to the customer.',
              variant: 'success',
            });
            onMessage(e);
          },
          onError: (err) =>
            toast({
              title: 'Bid failed',
              description: errorMessage(err, 'An error occurred while placing bid'),
              variant: 'destructive',
            }),
        })
      }
    >
      {place.isPending ? 'Sending…' : 'Send Bid'}
    </Button>
  );
}

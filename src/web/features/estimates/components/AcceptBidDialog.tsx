// Hiring from a bid, confirmed with the price: "Hire {company} for $X?". A quoted bid is hired at its quote's
// total; for a bid without a quote the customer confirms the price (prefilled with the estimate's final estimate),
// sent as `{ price }`. On success the job page opens; a refusal (an expired quote, someone already hired) is told
// inside the dialog.
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { formatMoney } from '#domain/format';
import { BID_MESSAGES } from '#domain/schemas/bid.schema';
import { quoteAmountSchema } from '#domain/schemas/quote.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useAcceptBid } from '../api/bids.ts';
import type { Estimate } from '../api/types.ts';
import { bidderName, type BidItem } from './bid-format.ts';

/** The price typed as dollars, or the reason it cannot be the price. */
function readPrice(text: string): { price: number } | { error: string } {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d*)?$/.test(t)) return { error: 'Enter the price in dollars' };
  const parsed = quoteAmountSchema.safeParse(Number(t));
  return parsed.success
    ? { price: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Check the price' };
}

export function AcceptBidDialog({
  estimate,
  bid,
  onClose,
}: {
  estimate: Estimate;
  bid: BidItem | null;
  onClose: () => void;
}) {
  // Each opening starts afresh: the estimate's own price, no earlier refusal.
  return bid ? <HireDialog key={bid.id} estimate={estimate} bid={bid} onClose={onClose} /> : null;
}

function HireDialog({ estimate, bid, onClose }: { estimate: Estimate; bid: BidItem; onClose: () => void }) {
  const accept = useAcceptBid(estimate.id);
  const [, navigate] = useLocation();
  const [priceText, setPriceText] = useState(() => String(Number(estimate.finalEstimate.toFixed(2))));
  const [touched, setTouched] = useState(false);
  const priceId = useId();
  const errorId = useId();

  const company = bidderName(bid);
  const quoted = bid.quote !== null;
  const read = quoted ? { price: bid.quote!.total } : readPrice(priceText);
  const price = 'price' in read ? read.price : null;
  const priceError = !quoted && 'error' in read ? read.error : null;

  const submit = () => {
    setTouched(true);
    if (price === null) return;
    accept.mutate(
      { bidId: bid.id, price: quoted ? undefined : price },
      {
        onSuccess: ({ jobId }) => {
          onClose();
          toast({ title: BID_MESSAGES.accepted, description: `${company} is hired.`, variant: 'success' });
          if (jobId) navigate(paths.job(jobId));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !accept.isPending && onClose()}>
      <DialogContent
        title={price === null ? `Hire ${company}?` : `Hire ${company} for ${formatMoney(price)}?`}
        description={
          quoted
            ? "The quote's total becomes the agreed price. The other open bids are declined, and the provider then sees your address and phone."
            : 'This bid has no quote: confirm the price you agree. The other open bids are declined, and the provider then sees your address and phone.'
        }
      >
        <form
          noValidate
          onSubmit={(ev) => {
            ev.preventDefault();
            submit();
          }}
        >
          {!quoted && (
            <div className="space-y-1.5">
              <Label htmlFor={priceId}>Agreed price (dollars)</Label>
              <Input
                id={priceId}
                inputMode="decimal"
                autoComplete="off"
                value={priceText}
                onChange={(ev) => setPriceText(ev.target.value)}
                aria-invalid={touched && priceError !== null}
                aria-describedby={touched && priceError ? errorId : undefined}
              />
              {touched && priceError && (
                <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
                  {priceError}
                </p>
              )}
            </div>
          )}
          {accept.isError && (
            <p
              role="alert"
              className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {errorMessage(accept.error, 'Failed to accept the bid. Please try again.')}
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={accept.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending ? 'Hiring…' : 'Hire'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// "Read 12 reviews" beside a bidder's rating: the provider's published reviews in a dialog, paged, so a customer
// comparing bids reads what other customers wrote (and what each job cost against its estimate) before hiring.
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { countOf } from '#domain/count-words';
import { LazyReviewList } from '../lazy-parts.ts';

export function ProviderReviewsDialog({
  providerId,
  name,
  count,
}: {
  providerId: string;
  name: string;
  count: number;
}) {
  if (count === 0) return null;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          aria-label={`Read ${countOf(count, 'review')} of ${name}`}
        >
          Read {countOf(count, 'review')}
        </Button>
      </DialogTrigger>
      <DialogContent title={`Reviews of ${name}`} className="max-w-2xl">
        <LazyReviewList subject="provider" id={providerId} />
      </DialogContent>
    </Dialog>
  );
}

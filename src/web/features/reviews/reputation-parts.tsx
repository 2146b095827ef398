// The reputation figures other features show beside names (decision 0044): a provider's rating, count and price
// accuracy in the bids view and the task lists, a customer's record beside their posted work and bids, and the
// provider's own reputation card on the dashboard. Only wrappers: the lines and the card load when first shown, so
// a list screen that shows them grows by a few hundred bytes.
import { lazy, Suspense, type ReactNode } from 'react';
import type { CustomerFacts, ProviderRatingSummary } from '#domain/schemas/review.schema';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

const lines = () => import('./components/ReputationLines.tsx');
const Summary = lazy(async () => ({ default: (await lines()).RatingSummaryLine }));
const Facts = lazy(async () => ({ default: (await lines()).CustomerFactsText }));
const ReputationCard = lazy(async () => ({
  default: (await import('./components/ReputationCard.tsx')).ReputationCard,
}));

/** A line beside a name: nothing while its code loads, nor if it cannot (the name and the rest still show). */
const quiet = (line: ReactNode) => (
  <LoadBoundary fallback={null}>
    <Suspense fallback={null}>{line}</Suspense>
  </LoadBoundary>
);

/**
 * Beside a provider's name: "★ 4.8 (12) · 92 % on price", read as "Rated 4.8 out of 5 from 12 reviews; 92 % of
 * jobs finished within 5 % of the agreed price", or "No reviews yet". Nothing when the server sent no summary.
 */
export function RatingSummary({ summary }: { summary: ProviderRatingSummary | undefined }) {
  return summary ? quiet(<Summary summary={summary} />) : null;
}

/**
 * Beside a customer's name for providers: "3 jobs completed · 4 hires · 1 late cancellation · ★ 4.5 (2)", or
 * "New customer" before their first hire. Nothing when the server sent no facts.
 */
export function CustomerFactsLine({ facts }: { facts: CustomerFacts | undefined }) {
  return facts ? quiet(<Facts facts={facts} />) : null;
}

/** The provider's own reputation on their dashboard, its code loaded on first render. */
export function LazyReputationCard({ providerId }: { providerId: string }) {
  return (
    <LoadBoundary
      fallback={<p role="alert">Your reputation could not load. Reload the page to try again.</p>}
    >
      <Suspense fallback={<Spinner label="Loading your reputation" />}>
        <ReputationCard providerId={providerId} />
      </Suspense>
    </LoadBoundary>
  );
}

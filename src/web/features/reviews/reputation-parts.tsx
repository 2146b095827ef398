// (contract stub: the reputation figures arrive with the reputation screens)
import type { CustomerFacts, ProviderRatingSummary } from '#domain/schemas/review.schema';

export const RatingSummary = (_props: { summary: ProviderRatingSummary | undefined }) => null;
export const CustomerFactsLine = (_props: { facts: CustomerFacts | undefined }) => null;
export const LazyReputationCard = (_props: { providerId: string }) => null;

// The city cost guides' reads (decision 0047): GET /api/cost-guides (the index), GET /api/cost-guides/{category}/
// {place} (one guide) and GET /api/pricing-accuracy. The query options are the front door's: the server renders
// these pages with the query cache filled under exactly these keys (decision 0045), so the keys stay plain arrays of
// strings, the same on both sides.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CostGuide, CostGuideIndex, PricingAccuracy } from '#domain/schemas/cost-guide.schema';
import { apiJson } from '#web/lib/api-client.ts';

export type { CostGuide, CostGuideIndex, PricingAccuracy };

/** Every cost guide read starts with this key. */
export const COST_GUIDES_KEY = ['/api/cost-guides'] as const;

/** GET /api/cost-guides: the categories and the places by state. */
export const costGuideIndexQuery = () =>
  queryOptions({
    queryKey: [...COST_GUIDES_KEY, 'index'] as const,
    queryFn: () => apiJson<CostGuideIndex>('GET', '/api/cost-guides'),
  });

/** The API address of one guide. */
export const costGuideUrl = (category: string, place: string) =>
  `/api/cost-guides/${encodeURIComponent(category)}/${encodeURIComponent(place)}`;

/** GET /api/cost-guides/{category}/{place}: one guide (404 for an unknown category or place). */
export const costGuideQuery = (category: string, place: string) =>
  queryOptions({
    queryKey: [...COST_GUIDES_KEY, category, place] as const,
    queryFn: () => apiJson<CostGuide>('GET', costGuideUrl(category, place)),
  });

/** GET /api/pricing-accuracy: every category's comparison with the prices agreed. */
export const pricingAccuracyQuery = () =>
  queryOptions({
    queryKey: ['/api/pricing-accuracy'] as const,
    queryFn: () => apiJson<PricingAccuracy>('GET', '/api/pricing-accuracy'),
  });

export const useCostGuideIndex = () => useQuery(costGuideIndexQuery());
export const useCostGuide = (category: string, place: string) => useQuery(costGuideQuery(category, place));
export const usePricingAccuracy = () => useQuery(pricingAccuracyQuery());

/** A guide's page address (the domain's guidePath, without loading the catalogue into this chunk). */
export const guideHref = (category: string, place: string) =>
  `/cost-guides/${encodeURIComponent(category)}/${encodeURIComponent(place)}`;

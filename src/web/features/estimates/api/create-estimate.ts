// POST /api/estimates: the saved-estimate payload; the server recomputes the price.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedEstimatePayload } from '#domain/pricing';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ESTIMATES_KEY } from './keys.ts';
import type { Estimate } from './types.ts';

export const createEstimate = (body: SavedEstimatePayload) =>
  apiJson<Estimate>('POST', '/api/estimates', body);

export function useCreateEstimate(config: MutationConfig<typeof createEstimate> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createEstimate,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ESTIMATES_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

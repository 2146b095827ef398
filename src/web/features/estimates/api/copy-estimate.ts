// POST /api/estimates/{id}/copy: a new draft with the same task, lines and place (for a completed or cancelled
// estimate the owner wants done again).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ESTIMATES_KEY } from './keys.ts';
import type { Estimate } from './types.ts';

export const copyEstimate = (id: string) =>
  apiJson<Estimate>('POST', `/api/estimates/${encodeURIComponent(id)}/copy`);

export function useCopyEstimate(config: MutationConfig<typeof copyEstimate> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: copyEstimate,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ESTIMATES_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

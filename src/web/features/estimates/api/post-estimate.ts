// PATCH /api/estimates/{id}/post: draft -> posted (the saved-estimates Post).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ESTIMATES_KEY } from './keys.ts';
import type { Estimate } from './types.ts';

export const postEstimate = (id: string) =>
  apiJson<Estimate>('PATCH', `/api/estimates/${encodeURIComponent(id)}/post`);

export function usePostEstimate(config: MutationConfig<typeof postEstimate> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: postEstimate,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: ESTIMATES_KEY });
      return config.onSettled?.(...args);
    },
  });
}

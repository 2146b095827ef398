// DELETE /api/estimates/{id}, /api/posted-estimates/{id} and /api/my-estimates/{id} (owner only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ESTIMATES_KEY } from './keys.ts';

export type DeleteSource = '/api/estimates' | '/api/posted-estimates' | '/api/my-estimates';

export const deleteEstimate = ({ id, source = '/api/estimates' }: { id: string; source?: DeleteSource }) =>
  apiJson<unknown>('DELETE', `${source}/${encodeURIComponent(id)}`);

export function useDeleteEstimate(config: MutationConfig<typeof deleteEstimate> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteEstimate,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: ESTIMATES_KEY });
      return config.onSettled?.(...args);
    },
  });
}

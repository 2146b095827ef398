// PUT /api/estimates/{id}/status {status}: posted -> draft (Unpost), completed, cancelled.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { estimateStatusSchema } from '#domain/schemas/estimate.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ESTIMATES_KEY } from './keys.ts';
import type { Estimate } from './types.ts';

export type EstimateStatusBody = z.input<typeof estimateStatusSchema>;

export const updateEstimateStatus = ({ id, ...body }: EstimateStatusBody & { id: string }) =>
  apiJson<Estimate>('PUT', `/api/estimates/${encodeURIComponent(id)}/status`, body);

export function useUpdateEstimateStatus(config: MutationConfig<typeof updateEstimateStatus> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateEstimateStatus,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: ESTIMATES_KEY });
      return config.onSettled?.(...args);
    },
  });
}

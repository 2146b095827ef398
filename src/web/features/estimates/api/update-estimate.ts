// PATCH /api/estimates/{id} {title?, description?}: the owner's title and description, before and after posting.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateEstimateSchema } from '#domain/schemas/estimate.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ESTIMATES_KEY } from './keys.ts';
import type { Estimate } from './types.ts';

export type UpdateEstimateBody = z.input<typeof updateEstimateSchema>;

export const updateEstimate = ({ id, ...body }: UpdateEstimateBody & { id: string }) =>
  apiJson<Estimate>('PATCH', `/api/estimates/${encodeURIComponent(id)}`, body);

export function useUpdateEstimate(config: MutationConfig<typeof updateEstimate> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateEstimate,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: ESTIMATES_KEY });
      return config.onSettled?.(...args);
    },
  });
}

// DELETE /api/estimates/{id}/pictures/{pictureId}: the owner removes a picture.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ESTIMATES_KEY } from './keys.ts';

export const deletePicture = ({ estimateId, pictureId }: { estimateId: string; pictureId: string }) =>
  apiJson<unknown>(
    'DELETE',
    `/api/estimates/${encodeURIComponent(estimateId)}/pictures/${encodeURIComponent(pictureId)}`,
  );

export function useDeletePicture(config: MutationConfig<typeof deletePicture> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deletePicture,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: [...ESTIMATES_KEY, 'pictures', args[2].estimateId] });
      return config.onSettled?.(...args);
    },
  });
}

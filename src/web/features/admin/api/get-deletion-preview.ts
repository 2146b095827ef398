// GET /api/admin/users/preview?ids=a,b: what deleting the selected users would touch, and who is protected.
import { useMutation } from '@tanstack/react-query';
import type { DeletionPreviewItem } from '#domain/schemas/admin-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export const getDeletionPreview = (ids: readonly string[]) =>
  apiJson<DeletionPreviewItem[]>(
    'GET',
    `/api/admin/users/preview?ids=${ids.map(encodeURIComponent).join(',')}`,
  );

/** Asked on demand (the Preview Deletion button), so it is a mutation: every press reads afresh. */
export function useDeletionPreview(config: MutationConfig<typeof getDeletionPreview> = {}) {
  return useMutation({ ...config, mutationFn: getDeletionPreview });
}

// PUT /api/admin/role-requests/{id} { status, adminComment }: approve or deny; the list and users refresh after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRoleRequest } from '#domain/schemas/account.schema';
import type { RoleRequestReview } from '#domain/schemas/role-request.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export const reviewRoleRequest = ({ id, ...body }: RoleRequestReview & { id: string }) =>
  apiJson<AdminRoleRequest>('PUT', `/api/admin/role-requests/${encodeURIComponent(id)}`, body);

export function useReviewRoleRequest(config: MutationConfig<typeof reviewRoleRequest> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: reviewRoleRequest,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

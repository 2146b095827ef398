// POST /api/role-requests { requestedRole, reason }: asks for another role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { roleRequestSchema } from '#domain/schemas/role-request.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ROLE_REQUESTS_QUERY_KEY, type RoleRequest } from './get-role-requests.ts';

export type RoleRequestBody = z.input<typeof roleRequestSchema>;

export const createRoleRequest = (body: RoleRequestBody) =>
  apiJson<RoleRequest>('POST', '/api/role-requests', body);

export function useCreateRoleRequest(config: MutationConfig<typeof createRoleRequest> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createRoleRequest,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ROLE_REQUESTS_QUERY_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

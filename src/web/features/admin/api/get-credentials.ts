// GET /api/admin/credentials?status&page: the licenses and insurance on the console's Verifications tab (decision
// 0046), those waiting for review by default (oldest first), or the verified, the not accepted, or all of them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminCredential, adminCredentialQuerySchema } from '#domain/schemas/pro-profile.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ADMIN_CREDENTIALS_KEY, queryString } from './keys.ts';

export type AdminCredentialStatus = z.infer<typeof adminCredentialQuerySchema>['status'];
export type { AdminCredential };

export interface AdminCredentialsPage {
  items: AdminCredential[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminCredentialsQuery {
  status: AdminCredentialStatus;
  page: number;
}

export const getAdminCredentials = ({ status, page }: AdminCredentialsQuery) =>
  apiJson<AdminCredentialsPage>('GET', `/api/admin/credentials${queryString({ status, page })}`);

export function useAdminCredentials(q: AdminCredentialsQuery) {
  return useQuery({
    queryKey: [...ADMIN_CREDENTIALS_KEY, q],
    queryFn: () => getAdminCredentials(q),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

// GET /api/admin/cleanup/preview: the accounts that look like test data, with what each one owns.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CleanupPreview } from '#domain/schemas/admin-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { CLEANUP_KEY, queryString } from './keys.ts';

export interface CleanupQuery {
  scope: 'test' | 'all';
  search: string;
}

export const getCleanupPreview = (q: CleanupQuery) =>
  apiJson<CleanupPreview>('GET', `/api/admin/cleanup/preview${queryString({ ...q })}`);

export const cleanupPreviewQueryOptions = (q: CleanupQuery) =>
  queryOptions({ queryKey: [...CLEANUP_KEY, q], queryFn: () => getCleanupPreview(q) });

export function useCleanupPreview(q: CleanupQuery) {
  return useQuery({ ...cleanupPreviewQueryOptions(q), refetchOnMount: 'always' });
}

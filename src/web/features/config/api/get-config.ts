// GET /api/config: the public runtime configuration, typed by the shared publicConfigSchema; cached 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#domain/schemas/system.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const getConfig = () => apiJson<PublicConfig>('GET', '/api/config');

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/config'] as const,
    queryFn: getConfig,
    staleTime: 5 * 60 * 1000,
  });

export function usePublicConfig() {
  return useQuery(configQueryOptions());
}

// Public runtime configuration (GET /api/config), cached for 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';

export interface PublicConfig {
  BETA_MODE: boolean;
  BETA_BANNER_TEXT: string;
  BETA_FEEDBACK_URL: string;
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/config'] as const,
    queryFn: () => apiJson<PublicConfig>('GET', '/api/config'),
    staleTime: 5 * 60 * 1000,
  });

export function usePublicConfig() {
  return useQuery(configQueryOptions());
}

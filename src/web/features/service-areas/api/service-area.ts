// GET / PUT /api/provider/service-area and GET /api/geo/zip/{zip} (decision 0048).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceArea, ServiceAreaBody, ZipPlace } from '#domain/schemas/geo.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export const SERVICE_AREA_KEY = ['provider', 'service-area'] as const;

export function useServiceArea(enabled = true) {
  return useQuery({
    queryKey: SERVICE_AREA_KEY,
    queryFn: () => apiJson<ServiceArea>('GET', '/api/provider/service-area'),
    enabled,
  });
}

export const saveServiceArea = (body: ServiceAreaBody) =>
  apiJson<ServiceArea>('PUT', '/api/provider/service-area', body);

export function useSaveServiceArea(config: MutationConfig<typeof saveServiceArea> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveServiceArea,
    onSuccess: async (...args) => {
      client.setQueryData(SERVICE_AREA_KEY, args[0]);
      // The lists filtered by the area read it again.
      void client.invalidateQueries({ queryKey: ['posted-work'] });
      void client.invalidateQueries({ queryKey: ['recommendations'] });
      return config.onSuccess?.(...args);
    },
  });
}

export const fetchZipPlace = (zip: string) =>
  apiJson<ZipPlace>('GET', `/api/geo/zip/${encodeURIComponent(zip)}`);

/**
 * A ZIP code's place (GET /api/geo/zip/{zip}), asked once `enabled` (five digits typed); kept for the session and
 * not retried (a 404 is the answer for an unknown ZIP code).
 */
export function useZipPlace(zip: string, enabled: boolean) {
  return useQuery({
    queryKey: ['zip-place', zip],
    queryFn: () => fetchZipPlace(zip),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

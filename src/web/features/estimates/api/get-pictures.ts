// GET /api/estimates/{id}/pictures: the estimate's pictures (each `url` serves its bytes), with its visibility.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstimatePicture } from '#domain/schemas/estimate-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ESTIMATES_KEY } from './keys.ts';

export type { EstimatePicture };

export const getPictures = (id: string) =>
  apiJson<EstimatePicture[]>('GET', `/api/estimates/${encodeURIComponent(id)}/pictures`);

export const picturesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ESTIMATES_KEY, 'pictures', id] as const,
    queryFn: () => getPictures(id),
    staleTime: 0,
  });

export function usePictures(id: string) {
  return useQuery(picturesQueryOptions(id));
}

// The provider's portfolio: GET /api/provider/portfolio ({ items, jobPhotos }: the photos, in order, and the
// photos of their completed jobs not yet in it), POST (multipart: a photo and its caption, or `jobPhotoId`),
// PATCH (caption, or a new place in the order), DELETE. A move shows at once and goes back if the server refuses.
import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OwnerPortfolio, PortfolioItem, PortfolioJobPhoto } from '#domain/schemas/pro-profile.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { PORTFOLIO_KEY } from './keys.ts';
import { postForm } from './multipart.ts';

export type { PortfolioItem };

/** The owner's photos in order, and the photos of their completed jobs they may add ("2026-03" months). */
export type Portfolio = OwnerPortfolio;
export type JobPhoto = PortfolioJobPhoto;

export const getPortfolio = () => apiJson<Portfolio>('GET', '/api/provider/portfolio');

export function usePortfolio() {
  return useQuery({ queryKey: PORTFOLIO_KEY, queryFn: getPortfolio });
}

export type PortfolioUpload = { photo: File; caption: string } | { jobPhotoId: string };

export function addPortfolioPhoto(input: PortfolioUpload): Promise<PortfolioItem> {
  const form = new FormData();
  if ('jobPhotoId' in input) {
    form.append('jobPhotoId', input.jobPhotoId);
  } else {
    form.append('caption', input.caption);
    form.append('photo', input.photo, input.photo.name);
  }
  return postForm<PortfolioItem>('/api/provider/portfolio', form);
}

export interface PortfolioPatch {
  id: string;
  caption?: string;
  position?: number;
}

export const patchPortfolioPhoto = ({ id, ...patch }: PortfolioPatch) =>
  apiJson<PortfolioItem>('PATCH', `/api/provider/portfolio/${encodeURIComponent(id)}`, patch);

export const deletePortfolioPhoto = (id: string) =>
  apiJson<undefined>('DELETE', `/api/provider/portfolio/${encodeURIComponent(id)}`);

/** The items with `id` moved to `position` (0-based), the others shifted, positions renumbered 0..n-1. */
export function moveItem(items: readonly PortfolioItem[], id: string, position: number): PortfolioItem[] {
  const from = items.findIndex((i) => i.id === id);
  if (from < 0) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(position, next.length)), 0, moved!);
  return next.map((i, n) => ({ ...i, position: n }));
}

function useRefreshing<V, R>(
  mutationFn: (v: V) => Promise<R>,
  config: Omit<UseMutationOptions<R, Error, V>, 'mutationFn'>,
) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: PORTFOLIO_KEY });
      return config.onSettled?.(...args);
    },
  });
}

export const useAddPortfolioPhoto = (config: MutationConfig<typeof addPortfolioPhoto> = {}) =>
  useRefreshing(addPortfolioPhoto, config);
export const useDeletePortfolioPhoto = (config: MutationConfig<typeof deletePortfolioPhoto> = {}) =>
  useRefreshing(deletePortfolioPhoto, config);

/** PATCH: a new caption, or a move shown at once (the list put back if the server refuses). */
export function usePatchPortfolioPhoto(config: MutationConfig<typeof patchPortfolioPhoto> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: patchPortfolioPhoto,
    onMutate: async (patch) => {
      if (patch.position === undefined) return undefined;
      await client.cancelQueries({ queryKey: PORTFOLIO_KEY });
      const before = client.getQueryData<Portfolio>(PORTFOLIO_KEY);
      if (before) {
        client.setQueryData<Portfolio>(PORTFOLIO_KEY, {
          ...before,
          items: moveItem(before.items, patch.id, patch.position),
        });
      }
      return { before };
    },
    onError: (err, patch, context, ...rest) => {
      const before = (context as { before?: Portfolio } | undefined)?.before;
      if (before) client.setQueryData(PORTFOLIO_KEY, before);
      return config.onError?.(err, patch, context, ...rest);
    },
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: PORTFOLIO_KEY });
      return config.onSettled?.(...args);
    },
  });
}

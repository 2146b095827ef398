// The public pro pages' reads and the one write (decision 0046): GET /api/providers/{id} (the profile), GET
// /api/providers (the directory, one page) and POST /api/estimates/{id}/invitations (a customer invites the pro to
// bid). The query options are the front door's: the server-rendered profile page fills the query cache under
// exactly these keys, so the keys stay plain arrays of strings and numbers, the same on both sides.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimatePage } from '#domain/schemas/estimate-api.schema';
import type {
  DirectoryResponse,
  InvitationResponse,
  PublicProfile,
} from '#domain/schemas/pro-profile.schema';
import { apiJson } from '#web/lib/api-client.ts';

export type { DirectoryResponse, PublicProfile };

/** Every pro page read starts with this key. */
export const PROS_KEY = ['/api/providers'] as const;

/** GET /api/providers/{id}: the public profile (404 for a closed account or a non-provider). */
export const proProfileQuery = (id: string) =>
  queryOptions({
    queryKey: [...PROS_KEY, id] as const,
    queryFn: () => apiJson<PublicProfile>('GET', `/api/providers/${encodeURIComponent(id)}`),
  });

export const directorySortValues = ['ranking', 'newest', 'jobs'] as const;
export type DirectorySort = (typeof directorySortValues)[number];

/** The directory's filters, sort and page as the address carries them (absent: no filter). */
export interface DirectoryParams {
  category?: string;
  city?: string;
  minRating?: string;
  verified?: boolean;
  /** A five-digit ZIP code the cards measure from, and the miles around it the list keeps (only with `near`). */
  near?: string;
  radius?: string;
  sort: DirectorySort;
  page: number;
}

/** The query string of GET /api/providers: only what narrows or moves the list, in one fixed order. */
export function directorySearch(p: DirectoryParams): string {
  const q = new URLSearchParams();
  if (p.category) q.set('category', p.category);
  if (p.city?.trim()) q.set('city', p.city.trim());
  if (p.minRating) q.set('minRating', p.minRating);
  if (p.verified) q.set('verified', 'true');
  if (p.near) {
    q.set('near', p.near);
    if (p.radius) q.set('radius', p.radius);
  }
  if (p.sort !== 'ranking') q.set('sort', p.sort);
  if (p.page > 1) q.set('page', String(p.page));
  return q.toString();
}

/** GET /api/providers: one page of the directory; the previous page stays on screen while the next loads. */
export const directoryQuery = (params: DirectoryParams) => {
  const search = directorySearch(params);
  return queryOptions({
    queryKey: [...PROS_KEY, 'directory', search] as const,
    queryFn: () => apiJson<DirectoryResponse>('GET', `/api/providers${search ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
  });
};

export function useProProfile(id: string) {
  return useQuery(proProfileQuery(id));
}

export function useDirectory(params: DirectoryParams) {
  return useQuery(directoryQuery(params));
}

/** The estimates a pro can be invited to: drafts (posted first) and posted ones; hired, completed and cancelled not. */
export const invitableStatuses: readonly string[] = ['draft', 'posted'];

/**
 * The signed-in customer's own estimates (GET /api/estimates, newest first, the largest page), under the estimates'
 * key so their writes refresh it and an invitation that posts a draft refreshes theirs.
 */
export function useInvitableEstimates(enabled: boolean) {
  return useQuery({
    queryKey: ['estimates', 'invitable'] as const,
    queryFn: () => apiJson<EstimatePage>('GET', '/api/estimates?pageSize=100'),
    select: (page) => ({
      /** How many estimates the customer has at all (none: "You have no estimates yet"). */
      owned: page.total,
      items: page.items.filter((e) => invitableStatuses.includes(e.status)),
    }),
    enabled,
    staleTime: 0,
  });
}

/** POST /api/estimates/{id}/invitations { providerId }: the server posts a draft first and tells the pro. */
export function useInviteToBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ estimateId, providerId }: { estimateId: string; providerId: string }) =>
      apiJson<InvitationResponse>('POST', `/api/estimates/${encodeURIComponent(estimateId)}/invitations`, {
        providerId,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['estimates'] }),
  });
}

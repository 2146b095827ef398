// POST /api/verify-email with { token } (the GET ?token=… stays for other clients): the
// link from the verification email. A token works once, so the answer is kept for the life of the page
// (gcTime Infinity) instead of being fetched again.
import { queryOptions } from '@tanstack/react-query';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';

export const verifyEmail = (token: string) =>
  apiJson<MessageResponse>('POST', '/api/verify-email', { token });

export const verifyEmailQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['/api/verify-email', token] as const,
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token),
    gcTime: Infinity,
  });

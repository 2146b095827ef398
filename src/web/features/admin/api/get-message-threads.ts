// GET /api/admin/messages?search&page: every estimate conversation between a customer and a provider.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminMessagesResponseSchema } from '#domain/schemas/message-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ADMIN_KEY, queryString } from './keys.ts';

export type AdminMessageThreads = z.infer<typeof adminMessagesResponseSchema>;
export type AdminMessageThread = AdminMessageThreads['threads'][number];

export const getMessageThreads = (q: { search: string; page: number }) =>
  apiJson<AdminMessageThreads>('GET', `/api/admin/messages${queryString({ ...q })}`);

export const messageThreadsQueryOptions = (q: { search: string; page: number }) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'messages', q], queryFn: () => getMessageThreads(q) });

export function useMessageThreads(q: { search: string; page: number }) {
  return useQuery({
    ...messageThreadsQueryOptions(q),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

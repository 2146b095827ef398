// GET /api/messages/{estimateId}/{userId}: a thread page, oldest first (viewing it marks what the viewer received
// as read). `before` pages backwards for long threads.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message, Thread } from '#domain/schemas/message-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { useConnectionStatus } from '../realtime/status.ts';
import { OFFLINE_REFETCH_MS, threadKey } from './keys.ts';

export type { Message, Thread };

export const THREAD_PAGE_SIZE = 50;

export function getThread(estimateId: string, userId: string, before?: string) {
  const q = new URLSearchParams({ limit: String(THREAD_PAGE_SIZE) });
  if (before) q.set('before', before);
  return apiJson<Thread>(
    'GET',
    `/api/messages/${encodeURIComponent(estimateId)}/${encodeURIComponent(userId)}?${q.toString()}`,
  );
}

export const threadQueryOptions = (estimateId: string, userId: string) =>
  queryOptions({
    queryKey: threadKey(estimateId, userId),
    queryFn: () => getThread(estimateId, userId),
    staleTime: 0,
  });

export function useThread(estimateId: string, userId: string, enabled = true) {
  const offline = useConnectionStatus() !== 'connected';
  return useQuery({
    ...threadQueryOptions(estimateId, userId),
    enabled,
    refetchInterval: enabled && offline ? OFFLINE_REFETCH_MS : false,
  });
}

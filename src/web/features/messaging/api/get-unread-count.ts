// GET /api/messages/unread-count: the badge on Messages; the realtime channel keeps it current.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import { useConnectionStatus } from '../realtime/status.ts';
import { OFFLINE_REFETCH_MS, UNREAD_KEY } from './keys.ts';

export const getUnreadCount = () => apiJson<{ unreadCount: number }>('GET', '/api/messages/unread-count');

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_KEY, queryFn: getUnreadCount, staleTime: 30_000 });

export function useUnreadCount(enabled = true) {
  const offline = useConnectionStatus() !== 'connected';
  const q = useQuery({
    ...unreadCountQueryOptions(),
    enabled,
    refetchInterval: enabled && offline ? OFFLINE_REFETCH_MS : false,
  });
  return q.data?.unreadCount ?? 0;
}

// GET /api/messages: the viewer's conversations, one per estimate and other user, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '#domain/schemas/message-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { useConnectionStatus } from '../realtime/status.ts';
import { CONVERSATIONS_KEY, OFFLINE_REFETCH_MS } from './keys.ts';

export type { Conversation };

export const getConversations = () => apiJson<Conversation[]>('GET', '/api/messages');

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: CONVERSATIONS_KEY, queryFn: getConversations, staleTime: 0 });

export function useConversations() {
  const offline = useConnectionStatus() !== 'connected';
  return useQuery({ ...conversationsQueryOptions(), refetchInterval: offline ? OFFLINE_REFETCH_MS : false });
}

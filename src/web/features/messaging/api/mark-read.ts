// PATCH /api/messages/mark-read {messageIds}: what arrives in the open thread is read at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import { markMessagesRead, refreshConversations } from './cache.ts';
import { UNREAD_KEY } from './keys.ts';

export const markRead = (messageIds: string[]) =>
  apiJson<{ updated: number; unreadCount: number }>('PATCH', '/api/messages/mark-read', { messageIds });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (res, ids) => {
      markMessagesRead(client, ids, new Date().toISOString());
      client.setQueryData(UNREAD_KEY, { unreadCount: res.unreadCount });
      void refreshConversations(client);
    },
  });
}

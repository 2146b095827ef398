// DELETE /api/messages/{id}: only the sender; the message stays in the thread as removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#domain/schemas/message-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { refreshConversations, upsertMessage } from './cache.ts';

export const deleteMessage = (id: string) =>
  apiJson<{ message: Message }>('DELETE', `/api/messages/${encodeURIComponent(id)}`);

export function useDeleteMessage(viewerId: string, config: MutationConfig<typeof deleteMessage> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteMessage,
    onSuccess: async (...args) => {
      upsertMessage(client, viewerId, args[0].message);
      void refreshConversations(client);
      return config.onSuccess?.(...args);
    },
  });
}

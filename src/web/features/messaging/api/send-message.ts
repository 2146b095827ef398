// POST /api/messages {estimateId, receiverId, content}: the stored message goes straight into its thread.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#domain/schemas/message-api.schema';
import type { SendMessageInput } from '#domain/schemas/message.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { refreshConversations, upsertMessage } from './cache.ts';

export const sendMessage = (body: SendMessageInput) =>
  apiJson<{ message: Message }>('POST', '/api/messages', body);

export function useSendMessage(viewerId: string, config: MutationConfig<typeof sendMessage> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendMessage,
    onSuccess: async (...args) => {
      upsertMessage(client, viewerId, args[0].message);
      void refreshConversations(client);
      return config.onSuccess?.(...args);
    },
  });
}

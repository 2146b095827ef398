// Cache edits shared by the mutations and the realtime client: a message lands in its thread once (by id), in
// order; a receipt marks messages read.
import type { QueryClient } from '@tanstack/react-query';
import type { Message, Thread } from '#domain/schemas/message-api.schema';
import { CONVERSATIONS_KEY, THREADS_KEY, threadKey } from './keys.ts';

export function upsertMessage(client: QueryClient, viewerId: string, message: Message): void {
  const otherId = message.senderId === viewerId ? message.receiverId : message.senderId;
  client.setQueryData<Thread>(threadKey(message.estimateId, otherId), (thread) => {
    if (!thread) return thread;
    const i = thread.messages.findIndex((m) => m.id === message.id);
    if (i >= 0) {
      const messages = thread.messages.slice();
      messages[i] = message;
      return { ...thread, messages };
    }
    const messages = [...thread.messages, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { ...thread, messages };
  });
}

export function markMessagesRead(client: QueryClient, ids: readonly string[], readAt: string): void {
  const set = new Set(ids);
  client.setQueriesData<Thread>({ queryKey: THREADS_KEY }, (thread) => {
    if (!thread || !thread.messages.some((m) => set.has(m.id))) return thread;
    return {
      ...thread,
      messages: thread.messages.map((m) => (set.has(m.id) ? { ...m, read: true, readAt } : m)),
    };
  });
}

export function refreshConversations(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
}

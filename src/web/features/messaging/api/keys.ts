// Query keys of the messaging caches, shared by the screens and the realtime client (which patches them).
export const MESSAGES_KEY = ['messages'] as const;
export const CONVERSATIONS_KEY = [...MESSAGES_KEY, 'conversations'] as const;
export const UNREAD_KEY = [...MESSAGES_KEY, 'unread'] as const;
export const THREADS_KEY = [...MESSAGES_KEY, 'thread'] as const;
export const threadKey = (estimateId: string, otherId: string) =>
  [...THREADS_KEY, estimateId, otherId] as const;

/** How often the lists refetch while the realtime channel is offline. */
export const OFFLINE_REFETCH_MS = 10_000;

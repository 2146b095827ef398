// What a push or a read does to the cached lists: the unread count at once (the badge changes before any refetch),
// then every list read again.
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationList } from '#domain/schemas/notification.schema';
import { NOTIFICATION_LISTS_KEY } from './keys.ts';

function patchLists(client: QueryClient, patch: (list: NotificationList) => NotificationList) {
  client.setQueriesData<NotificationList>({ queryKey: NOTIFICATION_LISTS_KEY }, (old) =>
    old ? patch(old) : old,
  );
}

/** The realtime channel's 'notifications' message (every role): the count it carries, then fresh lists. */
export function applyNotificationPush(client: QueryClient, unreadCount: number): void {
  patchLists(client, (list) => ({ ...list, unreadCount }));
  void client.invalidateQueries({ queryKey: NOTIFICATION_LISTS_KEY });
}

/** The socket came back after a break: whatever was pushed meanwhile comes from reading the lists again. */
export function refreshNotifications(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: NOTIFICATION_LISTS_KEY });
}

/** Marked read (the given ones, or all): shown read at once, with the server's count, then read again. */
export function applyMarkedRead(
  client: QueryClient,
  ids: readonly string[] | undefined,
  unreadCount: number,
) {
  patchLists(client, (list) => ({
    ...list,
    unreadCount,
    items: list.items.map((n) => (ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n)),
  }));
  void client.invalidateQueries({ queryKey: NOTIFICATION_LISTS_KEY });
}

// GET /api/notifications?page&pageSize&unread: the signed-in person's notifications, newest first, with the unread
// count. The latest ten are one query shared by the bell, its panel, the provider dashboard's card and its New
// Notifications count, so a page asks once; the /notifications pages are queries of their own.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '#domain/schemas/notification.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { LATEST_COUNT, LATEST_NOTIFICATIONS_KEY, NOTIFICATION_LISTS_KEY } from './keys.ts';

export interface NotificationPageQuery {
  page: number;
  pageSize: number;
  unread: boolean;
}

export function getNotifications({ page, pageSize, unread }: NotificationPageQuery) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (unread) q.set('unread', 'true');
  return apiJson<NotificationList>('GET', `/api/notifications?${q.toString()}`);
}

export const latestNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: LATEST_NOTIFICATIONS_KEY,
    queryFn: () => getNotifications({ page: 1, pageSize: LATEST_COUNT, unread: false }),
  });

export function useLatestNotifications() {
  return useQuery(latestNotificationsQueryOptions());
}

/** The unread count (undefined until known): the bell's badge and the provider dashboard's tile. */
export function useUnreadNotificationCount(enabled = true): number | undefined {
  return useQuery({ ...latestNotificationsQueryOptions(), enabled, select: (d) => d.unreadCount }).data;
}

export function useNotificationPage(q: NotificationPageQuery) {
  return useQuery({
    queryKey: [...NOTIFICATION_LISTS_KEY, 'page', q],
    queryFn: () => getNotifications(q),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

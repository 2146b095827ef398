// A provider's notifications (decision 0021): GET /api/notifications (the latest, with the unread count),
// POST /api/notifications/read, and the email digest switch (GET/PUT /api/notifications/settings). The realtime
// channel refreshes everything under NOTIFICATIONS_QUERY_KEY when a priority notification arrives.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationSettings } from '#domain/schemas/notification.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from '#web/lib/query-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

const SETTINGS_KEY = [...NOTIFICATIONS_QUERY_KEY, 'settings'] as const;

export function useNotifications(pageSize = 5) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'latest', pageSize],
    queryFn: () => apiJson<NotificationList>('GET', `/api/notifications?pageSize=${pageSize}`),
  });
}

export const markNotificationsRead = (body: { ids?: string[] }) =>
  apiJson<{ marked: number; unreadCount: number }>('POST', '/api/notifications/read', body);

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiJson<NotificationSettings>('GET', '/api/notifications/settings'),
  });
}

export const saveNotificationSettings = (body: NotificationSettings) =>
  apiJson<NotificationSettings>('PUT', '/api/notifications/settings', body);

export function useSaveNotificationSettings(config: MutationConfig<typeof saveNotificationSettings> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveNotificationSettings,
    onSuccess: async (...args) => {
      client.setQueryData(SETTINGS_KEY, args[0]);
      return config.onSuccess?.(...args);
    },
  });
}

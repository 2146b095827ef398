// GET / PUT /api/notifications/settings: the old one email switch (decision 0021), kept as "all email off" (false)
// or "every kind back to its default" (true); the choices per kind are the preferences (preferences.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '#domain/schemas/notification.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { NOTIFICATION_PREFERENCES_KEY, NOTIFICATION_SETTINGS_KEY } from './keys.ts';

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
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
      client.setQueryData(NOTIFICATION_SETTINGS_KEY, args[0]);
      // Every kind's choice changed with it.
      void client.invalidateQueries({ queryKey: NOTIFICATION_PREFERENCES_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

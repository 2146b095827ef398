// GET / PUT /api/notifications/preferences (decision 0043): the email choice of each kind the person can receive
// and the choices each kind offers. A PUT carries only the kind it changes and answers the whole preferences.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '#domain/schemas/notification.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { NOTIFICATION_PREFERENCES_KEY, NOTIFICATION_SETTINGS_KEY } from './keys.ts';

export const getNotificationPreferences = () =>
  apiJson<NotificationPreferences>('GET', '/api/notifications/preferences');

export function useNotificationPreferences() {
  return useQuery({ queryKey: NOTIFICATION_PREFERENCES_KEY, queryFn: getNotificationPreferences });
}

export const saveNotificationPreferences = (body: NotificationPreferencesUpdate) =>
  apiJson<NotificationPreferences>('PUT', '/api/notifications/preferences', body);

export function useSaveNotificationPreferences(
  config: MutationConfig<typeof saveNotificationPreferences> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveNotificationPreferences,
    onSuccess: async (...args) => {
      client.setQueryData(NOTIFICATION_PREFERENCES_KEY, args[0]);
      // The old switch reads "on" again once any kind emails.
      void client.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

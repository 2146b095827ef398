// POST /api/user/settings { messageLimit }: saves the messaging limit.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userSettingsSchema } from '#domain/schemas/subscription.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { SETTINGS_QUERY_KEY, type UserSettings } from './get-settings.ts';

export type UserSettingsBody = z.input<typeof userSettingsSchema>;

export const updateSettings = (body: UserSettingsBody) =>
  apiJson<UserSettings>('POST', '/api/user/settings', body);

export function useUpdateSettings(config: MutationConfig<typeof updateSettings> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateSettings,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

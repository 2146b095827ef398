// GET /api/user/settings (spec part 1 sections 3 and 7): the messaging limit (5, 10, 20 or null for unlimited)
// and the plan.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettingsInput } from '#domain/schemas/subscription.schema';
import type { SubscriptionPlan } from '#domain/schemas/user.schema';
import { apiJson } from '#web/lib/api-client.ts';

export interface UserSettings {
  messageLimit: UserSettingsInput['messageLimit'];
  subscriptionPlan: SubscriptionPlan;
}

export const SETTINGS_QUERY_KEY = ['/api/user/settings'] as const;

export const getSettings = () => apiJson<UserSettings>('GET', '/api/user/settings');

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS_QUERY_KEY, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

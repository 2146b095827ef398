// GET /api/user/settings: the messaging limit (5, 10, 20 or null for unlimited)
// and the plan.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '#domain/schemas/account.schema';
import { apiJson } from '#web/lib/api-client.ts';

export type { UserSettings };

export const SETTINGS_QUERY_KEY = ['/api/user/settings'] as const;

export const getSettings = () => apiJson<UserSettings>('GET', '/api/user/settings');

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS_QUERY_KEY, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

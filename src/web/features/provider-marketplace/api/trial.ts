// The provider's plan calls: GET /api/trial/status (plan in force, trial
// days, tasks), POST /api/subscription { plan }, POST /api/trial/update-tasks { taskIds }.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '#domain/schemas/account.schema';
import type { FeedRecommendations } from '#domain/schemas/task-feed.schema';
import type { ProviderCategoriesResponse, TrialStatusResponse } from '#domain/schemas/subscription.schema';
import { refreshSession } from '#web/features/auth/index.ts';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export const TRIAL_STATUS_KEY = ['trial-status'] as const;

export const getTrialStatus = () => apiJson<TrialStatusResponse>('GET', '/api/trial/status');

export function useTrialStatus() {
  return useQuery({ queryKey: TRIAL_STATUS_KEY, queryFn: getTrialStatus });
}

export const selectPlan = (body: { plan: string }) =>
  apiJson<SubscriptionChangeResponse>('POST', '/api/subscription', body);

export const updateTrialTasks = (body: { taskIds: string[] }) =>
  apiJson<TrialStatusResponse>('POST', '/api/trial/update-tasks', body);

export function useSelectPlan(config: MutationConfig<typeof selectPlan> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: selectPlan,
    onSuccess: async (...args) => {
      await Promise.all([client.invalidateQueries({ queryKey: TRIAL_STATUS_KEY }), refreshSession(client)]);
      return config.onSuccess?.(...args);
    },
  });
}

export function useUpdateTrialTasks(config: MutationConfig<typeof updateTrialTasks> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateTrialTasks,
    onSuccess: async (...args) => {
      client.setQueryData(TRIAL_STATUS_KEY, args[0]);
      return config.onSuccess?.(...args);
    },
  });
}

export function useProviderCategories() {
  return useQuery({
    queryKey: ['provider-categories'],
    queryFn: () => apiJson<ProviderCategoriesResponse>('GET', '/api/provider/categories'),
  });
}

export function useSentBidsCount() {
  return useQuery({
    queryKey: ['provider-bids-count'],
    queryFn: async () => (await apiJson<{ total: number }>('GET', '/api/bids/provider?pageSize=1')).total,
  });
}

/** The newest live public projects (the dashboard keeps the ones in the provider's open categories). */
export function useRecommendations() {
  return useQuery({
    queryKey: ['recommendations'],
    queryFn: () => apiJson<FeedRecommendations>('GET', '/api/recommendations'),
  });
}

export const upgradeSubscription = (body: {
  newPlan: string;
  selectedCategory: string;
  additionalTasks: string[];
}) => apiJson<SubscriptionChangeResponse>('POST', '/api/provider/upgrade-subscription', body);

export function useUpgradeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: upgradeSubscription,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TRIAL_STATUS_KEY }),
        client.invalidateQueries({ queryKey: ['provider-categories'] }),
        client.invalidateQueries({ queryKey: ['recommendations'] }),
        refreshSession(client),
      ]),
  });
}

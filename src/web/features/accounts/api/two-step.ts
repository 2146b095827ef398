// Two-step verification on /settings (decision 0024): GET /api/auth/two-step (on or off, recovery codes left),
// POST .../setup (a new secret and its QR code), .../enable (code + password: the recovery codes, once),
// .../disable and .../recovery-codes (password + a code or a recovery code).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodesResponse,
  TwoStepConfirmInput,
  TwoStepEnableInput,
  TwoStepSetup,
  TwoStepStatus,
} from '#domain/schemas/two-step.schema';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';
import { SESSION_QUERY_KEY } from '#web/lib/query-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export type { RecoveryCodesResponse, TwoStepConfirmInput, TwoStepSetup, TwoStepStatus };

export const TWO_STEP_QUERY_KEY = ['/api/auth/two-step'] as const;

export const getTwoStep = () => apiJson<TwoStepStatus>('GET', '/api/auth/two-step');

export const twoStepQueryOptions = () => queryOptions({ queryKey: TWO_STEP_QUERY_KEY, queryFn: getTwoStep });

export function useTwoStep() {
  return useQuery(twoStepQueryOptions());
}

export const startTwoStepSetup = () => apiJson<TwoStepSetup>('POST', '/api/auth/two-step/setup', {});
export const enableTwoStep = (body: TwoStepEnableInput) =>
  apiJson<RecoveryCodesResponse>('POST', '/api/auth/two-step/enable', body);
export const disableTwoStep = (body: TwoStepConfirmInput) =>
  apiJson<MessageResponse>('POST', '/api/auth/two-step/disable', body);
export const regenerateRecoveryCodes = (body: TwoStepConfirmInput) =>
  apiJson<RecoveryCodesResponse>('POST', '/api/auth/two-step/recovery-codes', body);

/**
 * Refreshes the status after a change; turning it on or off also refreshes the session, whose `twoStepSetupRequired`
 * opens or closes the admin tools when the site requires two-step for admins (decision 0028).
 */
function useRefreshStatus({ session = false } = {}) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: TWO_STEP_QUERY_KEY }),
      session ? client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) : null,
    ]);
}

export function useStartTwoStepSetup(config: MutationConfig<typeof startTwoStepSetup> = {}) {
  return useMutation({ ...config, mutationFn: startTwoStepSetup });
}

export function useEnableTwoStep(config: MutationConfig<typeof enableTwoStep> = {}) {
  const refresh = useRefreshStatus({ session: true });
  return useMutation({
    ...config,
    mutationFn: enableTwoStep,
    onSuccess: async (...args) => {
      await refresh();
      return config.onSuccess?.(...args);
    },
  });
}

export function useDisableTwoStep(config: MutationConfig<typeof disableTwoStep> = {}) {
  const refresh = useRefreshStatus({ session: true });
  return useMutation({
    ...config,
    mutationFn: disableTwoStep,
    onSuccess: async (...args) => {
      await refresh();
      return config.onSuccess?.(...args);
    },
  });
}

export function useRegenerateRecoveryCodes(config: MutationConfig<typeof regenerateRecoveryCodes> = {}) {
  const refresh = useRefreshStatus();
  return useMutation({
    ...config,
    mutationFn: regenerateRecoveryCodes,
    onSuccess: async (...args) => {
      await refresh();
      return config.onSuccess?.(...args);
    },
  });
}

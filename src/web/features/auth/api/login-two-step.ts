// POST /api/auth/login/two-step (decision 0024): the challenge of the first step and a code from the app (or a
// recovery code); the answer is the signed-in user, put into the session cache as a plain sign-in's is.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginTwoStepInput } from '#domain/schemas/two-step.schema';
import type { PublicUser } from '#domain/schemas/user.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { setSessionUser } from './get-session.ts';

export const loginTwoStep = (body: LoginTwoStepInput) =>
  apiJson<PublicUser>('POST', '/api/auth/login/two-step', body);

export function useLoginTwoStep(config: MutationConfig<typeof loginTwoStep> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: loginTwoStep,
    onSuccess: (...args) => {
      setSessionUser(client, args[0]);
      return config.onSuccess?.(...args);
    },
  });
}

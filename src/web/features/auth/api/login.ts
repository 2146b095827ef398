// POST /api/auth/login: the body is the shared loginSchema's input; the answer is the
// signed-in user, put straight into the session cache so guards see it; or, for an account with two-step
// verification on (decision 0024), a challenge for the second step and no session yet.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginSchema } from '#domain/schemas/auth.schema';
import type { TwoStepRequired } from '#domain/schemas/two-step.schema';
import type { PublicUser } from '#domain/schemas/user.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { setSessionUser } from './get-session.ts';

export type LoginBody = z.input<typeof loginSchema>;
export type LoginAnswer = PublicUser | TwoStepRequired;

export const needsSecondStep = (answer: LoginAnswer): answer is TwoStepRequired =>
  'twoStepRequired' in answer && answer.twoStepRequired === true;

export const login = (body: LoginBody) => apiJson<LoginAnswer>('POST', '/api/auth/login', body);

export function useLogin(config: MutationConfig<typeof login> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: login,
    onSuccess: (...args) => {
      if (!needsSecondStep(args[0])) setSessionUser(client, args[0]);
      return config.onSuccess?.(...args);
    },
  });
}

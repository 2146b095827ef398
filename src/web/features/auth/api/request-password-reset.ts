// POST /api/auth/request-password-reset: the body is the shared forgotPasswordSchema's
// input. The answer is the same whether or not the account exists.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '#domain/schemas/auth.schema';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export type RequestPasswordResetBody = z.input<typeof forgotPasswordSchema>;

export const requestPasswordReset = (body: RequestPasswordResetBody) =>
  apiJson<MessageResponse>('POST', '/api/auth/request-password-reset', body);

export function useRequestPasswordReset(config: MutationConfig<typeof requestPasswordReset> = {}) {
  return useMutation({ ...config, mutationFn: requestPasswordReset });
}

// POST /api/auth/reset-password: the body is the input of the server's
// resetPasswordBodySchema (only the type is imported: the common-password list stays on the server).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBodySchema } from '#domain/schemas/auth-body.schema';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const resetPassword = (body: ResetPasswordBody) =>
  apiJson<MessageResponse>('POST', '/api/auth/reset-password', body);

export function useResetPassword(config: MutationConfig<typeof resetPassword> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}

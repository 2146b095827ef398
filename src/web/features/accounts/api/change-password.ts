// POST /api/auth/change-password (docs/security.md): the body is the input of the server's
// changePasswordBodySchema (only the type is imported: the common-password list stays on the server).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBodySchema } from '#domain/schemas/auth-body.schema';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const changePassword = (body: ChangePasswordBody) =>
  apiJson<MessageResponse>('POST', '/api/auth/change-password', body);

export function useChangePassword(config: MutationConfig<typeof changePassword> = {}) {
  return useMutation({ ...config, mutationFn: changePassword });
}

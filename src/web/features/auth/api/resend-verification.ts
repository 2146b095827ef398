// POST /api/resend-verification: the body is the shared resendVerificationSchema's input.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resendVerificationSchema } from '#domain/schemas/auth.schema';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export type ResendVerificationBody = z.input<typeof resendVerificationSchema>;

export const resendVerification = (body: ResendVerificationBody) =>
  apiJson<MessageResponse>('POST', '/api/resend-verification', body);

export function useResendVerification(config: MutationConfig<typeof resendVerification> = {}) {
  return useMutation({ ...config, mutationFn: resendVerification });
}

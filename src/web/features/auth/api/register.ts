// POST /api/auth/register: the body is the input of the server's registerBodySchema
// (the sign-up form's rules plus the common-password check, which stays on the server: only the type is
// imported here). The answer is the new, signed-in user, put straight into the session cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerBodySchema } from '#domain/schemas/auth-body.schema';
import type { PublicUser } from '#domain/schemas/user.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { setSessionUser } from './get-session.ts';

export type RegisterBody = z.input<typeof registerBodySchema>;

export const register = (body: RegisterBody) => apiJson<PublicUser>('POST', '/api/auth/register', body);

export function useRegister(config: MutationConfig<typeof register> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: register,
    onSuccess: (...args) => {
      setSessionUser(client, args[0]);
      return config.onSuccess?.(...args);
    },
  });
}

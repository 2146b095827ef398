// What a feature's mutation hook accepts (bulletproof-react's lib/react-query): every useMutation option but
// mutationFn, which the operation fixes. `useLogin({ onSuccess, onError })` and so on.
import type { UseMutationOptions } from '@tanstack/react-query';

export type MutationConfig<Fn extends (variables: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;

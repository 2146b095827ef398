// Query defaults of spec part 1 section 9: no retries, no refetch on focus or interval, never stale.
// A 401 from any read or write means the session ended, so the session query is fetched again and the
// guards send the visitor to log in. A 403 TWO_STEP_REQUIRED (an admin whose two-step was turned off elsewhere while
// the site requires it, decision 0028) does the same, and the guards show the set-up card.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TWO_STEP_REQUIRED_CODE } from '#domain/two-step';
import { getQueryFn, HttpError, parseApiError } from './api-client.ts';

export const SESSION_QUERY_KEY = ['/api/auth/session'] as const;
/** A provider's notifications (list and count); the realtime channel refreshes them on a push. */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

export function createQueryClient(): QueryClient {
  const onError = (err: unknown) => {
    if (
      err instanceof HttpError &&
      (err.status === 401 || (err.status === 403 && parseApiError(err).code === TWO_STEP_REQUIRED_CODE))
    ) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();

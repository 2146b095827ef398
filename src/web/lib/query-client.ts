// Query defaults of spec part 1 section 9: no retries, no refetch on focus or interval, never stale.
// A 401 from any read or write means the session ended, so the session query is fetched again and the
// guards send the visitor to log in.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, HttpError } from './api-client.ts';

export const SESSION_QUERY_KEY = ['/api/auth/session'] as const;
/** A provider's notifications (list and count); the realtime channel refreshes them on a push. */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

export function createQueryClient(): QueryClient {
  const onError = (err: unknown) => {
    if (err instanceof HttpError && err.status === 401) {
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

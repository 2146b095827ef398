// Query defaults: no retries, no refetch on focus or interval, never stale.
// A 401 from any read or write means the session ended, so the session query is fetched again and the
// guards send the visitor to log in. A 403 TWO_STEP_REQUIRED (an admin whose two-step was turned off elsewhere while
// the site requires it, decision 0028) does the same, and the guards show the set-up card.
// One 401 is not the end of a session: a read sent with the old cookie while a password change or another
// re-authentication gave the session a new token (decision 0030) is refused. When the session, fetched again, is
// still signed in, such a read is asked once more instead of showing its error state.
import { hashKey, MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { TWO_STEP_REQUIRED_CODE } from '#domain/two-step';
import { getQueryFn, HttpError, parseApiError } from './api-client.ts';

export const SESSION_QUERY_KEY = ['/api/auth/session'] as const;
/** Everyone's notifications (lists, count, email choices); the realtime channel refreshes the lists on a push. */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

const isUnauthorized = (err: unknown) => err instanceof HttpError && err.status === 401;
const sessionHash = hashKey(SESSION_QUERY_KEY);

export function createQueryClient(): QueryClient {
  const refreshSession = () => client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  const onError = (err: unknown) => {
    if (
      isUnauthorized(err) ||
      (err instanceof HttpError && err.status === 403 && parseApiError(err).code === TWO_STEP_REQUIRED_CODE)
    ) {
      void refreshSession();
    }
  };
  // Reads asked again after a 401, until they next succeed: a second 401 in a row is left as it is.
  const askedAgain = new Set<string>();
  const onQueryError = (err: unknown, query: Query<unknown, unknown, unknown>) => {
    if (!isUnauthorized(err) || query.queryHash === sessionHash) return onError(err);
    if (askedAgain.delete(query.queryHash)) return onError(err);
    void refreshSession().then(() => {
      const session = client.getQueryData<{ user?: unknown }>(SESSION_QUERY_KEY);
      if (!session?.user) return;
      askedAgain.add(query.queryHash);
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: onQueryError,
      onSuccess: (_data, query) => askedAgain.delete(query.queryHash),
    }),
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

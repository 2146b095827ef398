// GET /api/auth/session: the session query and the cache helpers around it. A failed fetch means nobody is
// signed in, so the query never throws.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser, SessionResponse } from '#domain/schemas/user.schema';
import { SESSION_QUERY_KEY } from '#web/lib/query-client.ts';

export const SESSION_URL = '/api/auth/session';
export const sessionQueryKey = SESSION_QUERY_KEY;

const signedOut: SessionResponse = { isAuthenticated: false, user: null };

async function fetchSession(): Promise<SessionResponse> {
  try {
    const res = await fetch(SESSION_URL, { credentials: 'include' });
    if (!res.ok) return signedOut;
    const body = (await res.json()) as Partial<SessionResponse> | null;
    if (!body || !body.user) return signedOut;
    return { isAuthenticated: Boolean(body.isAuthenticated ?? true), user: body.user };
  } catch {
    return signedOut;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: Infinity });

export interface Auth {
  user: PublicUser | null;
  isLoading: boolean;
}

/** The signed-in user (or null) and whether the session is still being fetched. */
export function useAuth(): Auth {
  const { data, isLoading } = useQuery(sessionQueryOptions());
  return { user: data?.user ?? null, isLoading };
}

/** Puts a freshly signed-in user into the cache so guards see it straight away. */
export function setSessionUser(client: QueryClient, user: PublicUser | null): void {
  client.setQueryData<SessionResponse>(sessionQueryKey, { isAuthenticated: user !== null, user });
}

export function refreshSession(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: sessionQueryKey });
}

// "Where you're signed in" (decision 0025): GET /api/auth/sessions (the account's live sessions, this one first),
// POST /api/auth/sessions/:id/sign-out (ends one; the password again unless it is this one) and
// POST /api/auth/sessions/sign-out-others (the password again).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SignOutOthersBody,
  SignOutOthersResponse,
  SignOutSessionBody,
  SignOutSessionResponse,
  SignedInSession,
  SignedInSessionList,
} from '#domain/schemas/session.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export type { SignedInSession, SignedInSessionList };

export const SIGNED_IN_SESSIONS_QUERY_KEY = ['/api/auth/sessions'] as const;

export const getSignedInSessions = () => apiJson<SignedInSessionList>('GET', '/api/auth/sessions');

export const signedInSessionsQueryOptions = () =>
  queryOptions({
    queryKey: SIGNED_IN_SESSIONS_QUERY_KEY,
    queryFn: getSignedInSessions,
    // Other devices come and go: read again whenever the section is shown.
    staleTime: 0,
  });

export function useSignedInSessions() {
  return useQuery(signedInSessionsQueryOptions());
}

export const endSession = ({ id, ...body }: { id: string } & SignOutSessionBody) =>
  apiJson<SignOutSessionResponse>('POST', `/api/auth/sessions/${encodeURIComponent(id)}/sign-out`, body);

export const signOutOtherSessions = (body: SignOutOthersBody) =>
  apiJson<SignOutOthersResponse>('POST', '/api/auth/sessions/sign-out-others', body);

/** Ends one session; the list is read again afterwards, whatever the answer. */
export function useEndSession(config: MutationConfig<typeof endSession> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: endSession,
    onSettled: async (...args) => {
      await config.onSettled?.(...args);
      await client.invalidateQueries({ queryKey: SIGNED_IN_SESSIONS_QUERY_KEY });
    },
  });
}

export function useSignOutOtherSessions(config: MutationConfig<typeof signOutOtherSessions> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: signOutOtherSessions,
    onSettled: async (...args) => {
      await config.onSettled?.(...args);
      await client.invalidateQueries({ queryKey: SIGNED_IN_SESSIONS_QUERY_KEY });
    },
  });
}

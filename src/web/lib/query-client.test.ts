import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './api-client.ts';
import { createQueryClient, SESSION_QUERY_KEY } from './query-client.ts';

describe('query defaults', () => {
  it('never retries, never refetches on its own and treats data as fresh forever', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});

describe('an ended session', () => {
  it('marks the session for a fresh fetch when any request answers 401', async () => {
    const client = createQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, { isAuthenticated: true, user: null });
    await client
      .fetchQuery({
        queryKey: ['/api/estimates'],
        queryFn: () => Promise.reject(new HttpError(401, 'Unauthorized', '{"error":"Sign in"}')),
      })
      .catch(() => undefined);
    await vi.waitFor(() => expect(client.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(true));
  });

  it('leaves the session alone for other failures', async () => {
    const client = createQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, { isAuthenticated: true, user: null });
    await client
      .fetchQuery({ queryKey: ['/api/x'], queryFn: () => Promise.reject(new HttpError(500, 'Error', '')) })
      .catch(() => undefined);
    expect(client.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(false);
  });
});

import { QueryObserver, type QueryClient } from '@tanstack/react-query';
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

describe('a read refused while the session got a new token', () => {
  const refused = () =>
    new HttpError(401, 'Unauthorized', '{"error":"Not signed in","code":"UNAUTHENTICATED"}');
  /** The session and one screen's read, both watched as a mounted screen watches them. */
  function watch(client: QueryClient, signedIn: () => boolean, read: () => Promise<string>) {
    const sessionFn = vi.fn(async () => ({
      isAuthenticated: signedIn(),
      user: signedIn() ? { id: 'u1' } : null,
    }));
    const stops = [
      new QueryObserver(client, { queryKey: SESSION_QUERY_KEY, queryFn: sessionFn }).subscribe(() => {}),
    ];
    const observer = new QueryObserver(client, { queryKey: ['/api/tasks'], queryFn: read });
    stops.push(observer.subscribe(() => {}));
    return { observer, sessionFn, stop: () => stops.forEach((s) => s()) };
  }

  /**
   * Another screen's read, refused once and then answered, while the session is signed in. It takes the same
   * steps a retry of an earlier read would (the 401, the session read again, the read asked again), after it: once
   * it shows its data, any retry of the earlier read has been asked.
   */
  async function laterReadAnswered(client: QueryClient) {
    const later = new QueryObserver(client, {
      queryKey: ['/api/later'],
      queryFn: vi.fn().mockRejectedValueOnce(refused()).mockResolvedValue('later'),
    });
    const stop = later.subscribe(() => {});
    await vi.waitFor(() => expect(later.getCurrentResult().data).toBe('later'));
    stop();
  }

  const sessionSettled = (client: QueryClient) =>
    vi.waitFor(() => expect(client.getQueryState(SESSION_QUERY_KEY)?.fetchStatus).toBe('idle'));

  it('is asked again once the session, read again, is still signed in, and shows its data', async () => {
    const client = createQueryClient();
    const read = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValue('page 1');
    const { observer, stop } = watch(client, () => true, read);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('page 1'));
    expect(read).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe('success');
    stop();
  });

  it('is asked again only once: a second 401 in a row stays an error', async () => {
    const client = createQueryClient();
    const read = vi.fn().mockRejectedValue(refused());
    const { observer, sessionFn, stop } = watch(client, () => true, read);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(sessionFn).toHaveBeenCalledTimes(3));
    await sessionSettled(client);
    await laterReadAnswered(client);
    expect(read).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe('error');
    stop();
  });

  it('is not asked again when the session has really ended', async () => {
    const client = createQueryClient();
    let signedIn = true;
    const read = vi.fn(() => {
      signedIn = false;
      return Promise.reject(refused());
    });
    const { observer, sessionFn, stop } = watch(client, () => signedIn, read);
    await vi.waitFor(() => expect(sessionFn).toHaveBeenCalledTimes(2));
    await sessionSettled(client);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ isAuthenticated: false });
    // Signed in again, a later read refused once is asked again; the first one still was not.
    signedIn = true;
    await laterReadAnswered(client);
    expect(read).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().status).toBe('error');
    stop();
  });
});

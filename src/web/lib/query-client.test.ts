import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

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

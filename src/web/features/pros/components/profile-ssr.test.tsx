// The pro's page as the server renders it (decision 0045): the same component tree with the query cache filled under
// the exported keys renders completely, with no loading state, no request, and no style attribute (the CSP refuses
// them); the first page of reviews comes from the reviews' own query options.
import { QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { sessionQueryOptions } from '#web/features/auth/index.ts';
import { providerReputationQueryOptions, reviewListQueryOptions } from '#web/features/reviews/index.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { makeReputation } from '#web/test/builders.ts';
import { proProfileQuery } from '../index.ts';
import { makeProfile, makeReview, PRO_ID, PRO_PATH } from '../pros-test-data.ts';
import { ProfilePage } from './ProfilePage.tsx';

afterEach(() => vi.unstubAllGlobals());

async function renderOnServer(path: string) {
  const fetchMock = vi.fn(() => Promise.reject(new Error('no request while rendering')));
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  client.setQueryData(sessionQueryOptions().queryKey, { isAuthenticated: false, user: null });
  client.setQueryData(proProfileQuery(PRO_ID).queryKey, makeProfile());
  client.setQueryData(
    providerReputationQueryOptions(PRO_ID).queryKey,
    makeReputation({ providerId: PRO_ID }),
  );
  client.setQueryData(reviewListQueryOptions('provider', PRO_ID, 1).queryKey, {
    items: [makeReview()],
    total: 1,
    page: 1,
    pageSize: 10,
  });
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <Router ssrPath={path}>
        <ProfilePage params={{ segment: path.slice('/pros/'.length) }} />
      </Router>
    </QueryClientProvider>,
  );
  // React separates adjacent texts with empty comments: read the page's words without them.
  const html = (await new Response(prelude).text()).replaceAll('<!-- -->', '');
  return { html, fetchMock };
}

describe('the pro’s page rendered from a filled cache', () => {
  it('holds the company, rating and count, badges and the first reviews, with no loading state or request', async () => {
    const { html, fetchMock } = await renderOnServer(PRO_PATH);
    expect(html).toContain('Bright Plumbing</h1>');
    expect(html).toContain('12 reviews');
    expect(html).toContain('out of 5 from 12 reviews');
    expect(html).toContain('Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2027-08-31');
    expect(html).toContain('Insured: $1,000,000 general liability');
    expect(html).toContain('Dana found the leak in ten minutes and fixed it for good.');
    expect(html).toContain('Thanks, Casey!');
    expect(html).toContain('Member since March 2026');
    expect(html).toContain('Verified job · Plumbing · March 2026');
    expect(html).toContain('Sign in to request a quote');
    expect(html).not.toMatch(/>[^<]*Loading/i);
    expect(html).not.toMatch(/\sstyle="/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renders the same for an address with an old slug (the browser replaces it after hydrating)', async () => {
    const current = await renderOnServer(PRO_PATH);
    const old = await renderOnServer(`/pros/${PRO_ID}-old-name`);
    expect(old.html).toBe(current.html);
  });
});

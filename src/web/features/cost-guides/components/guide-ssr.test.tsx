// The cost guides as the server renders them (decision 0045, 0047): the same component trees with the query cache
// filled under the front door's keys render completely, with no loading state, no request and no style attribute
// (the CSP refuses them).
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { formatCents } from '#domain/money';
import { createQueryClient } from '#web/lib/query-client.ts';
import { costGuideIndexQuery, costGuideQuery, pricingAccuracyQuery } from '../index.ts';
import { makeGuide, makeIndex, makePricingAccuracy } from '../cost-guides-test-data.ts';
import { CostGuidePage } from './CostGuidePage.tsx';
import { CostGuidesIndexPage } from './CostGuidesIndexPage.tsx';
import { PricingAccuracyPage } from './PricingAccuracyPage.tsx';

afterEach(() => vi.unstubAllGlobals());

async function renderOnServer(
  path: string,
  fill: (c: ReturnType<typeof createQueryClient>) => void,
  ui: ReactNode,
) {
  const fetchMock = vi.fn(() => Promise.reject(new Error('no request while rendering')));
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  fill(client);
  const [ssrPath, ssrSearch] = path.split('?');
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch ?? ''}>
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  // React separates adjacent texts with empty comments: read the page's words without them.
  const html = (await new Response(prelude).text()).replaceAll('<!-- -->', '');
  expect(html).not.toMatch(/>[^<]*Loading/i);
  expect(html).not.toMatch(/\sstyle="/);
  expect(fetchMock).not.toHaveBeenCalled();
  return html;
}

describe('the cost guides rendered from a filled cache', () => {
  it('a guide holds its typical price, every grade and line, and the accuracy sentence', async () => {
    const guide = makeGuide();
    const html = await renderOnServer(
      guide.path,
      (c) => c.setQueryData(costGuideQuery('kitchen', 'jacksonville-fl').queryKey, guide),
      <CostGuidePage params={{ category: 'kitchen', place: 'jacksonville-fl' }} />,
    );
    const standard = guide.grades.find((g) => g.grade === 'Standard')!;
    expect(html).toContain(`data-typical-price="">${formatCents(standard.totalCents)}</span>`);
    for (const grade of guide.grades) for (const line of grade.lines) expect(html).toContain(line.arithmetic);
    expect(html).toContain('Of 12 kitchen jobs hired in the last 12 months, 9 were agreed inside our range');
  });

  it('the index holds the categories and the chosen category’s places', async () => {
    const html = await renderOnServer(
      '/cost-guides?category=siding',
      (c) => c.setQueryData(costGuideIndexQuery().queryKey, makeIndex()),
      <CostGuidesIndexPage />,
    );
    expect(html).toContain('Siding prices by place');
    expect(html).toContain('href="/cost-guides/siding/jacksonville-fl"');
  });

  it('the accuracy page holds every category’s sentence', async () => {
    const html = await renderOnServer(
      '/pricing-accuracy',
      (c) => c.setQueryData(pricingAccuracyQuery().queryKey, makePricingAccuracy()),
      <PricingAccuracyPage />,
    );
    expect(html.match(/Not enough hired jobs yet to compare\./g)).toHaveLength(7);
  });
});

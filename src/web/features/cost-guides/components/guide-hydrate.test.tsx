// A cost guide rendered on the server (decisions 0045, 0047) hydrated in the browser: the HTML the server renderer
// makes for /cost-guides/{category}/{place} is taken over as it is (the same elements, no mismatch logged), with
// no request for the guide, which the page carries.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { renderPage } from '#web/ssr/entry-server.tsx';
import { hydratePage } from '#web/ssr/hydrate.tsx';
import { mockApi, sessionRoute } from '#web/test/render.tsx';
import { costGuideQuery } from '../api/cost-guides.ts';
import { makeGuide } from '../cost-guides-test-data.ts';

const PATH = '/cost-guides/kitchen/jacksonville-fl';
const config = { BETA_MODE: false, BETA_BANNER_TEXT: '', BETA_FEEDBACK_URL: '' };

let errors: MockInstance<typeof console.error>;
/** React's errors, but the warning of this test's own making (server and browser renderers in one process). */
const logged = () =>
  errors.mock.calls
    .map((args) => String(args[0]))
    .filter(
      (m) => !m.startsWith('Detected multiple renderers concurrently rendering the same context provider'),
    );
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
  window.history.pushState({}, '', PATH);
});
afterEach(() => {
  errors.mockRestore();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

it('takes the guide the server rendered over as it is, without asking for it again', async () => {
  const guide = makeGuide();
  const { calls } = mockApi({ ...sessionRoute(null) });
  const { root, state } = await renderPage({
    path: PATH,
    search: '',
    data: [{ queryKey: costGuideQuery('kitchen', 'jacksonville-fl').queryKey, data: guide }],
    config,
  });
  document.body.innerHTML = `<div id="root">${root}</div>${state}`;
  const heading = screen.getByRole('heading', { level: 1, name: 'Kitchen Remodel cost in Jacksonville, FL' });
  expect(hydratePage(document.getElementById('root')!, createQueryClient())).toBe(true);
  // The session follows once the page has hydrated; then the element the server sent is still the one shown.
  await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/auth/session')).toBe(true));
  expect(screen.getByRole('heading', { level: 1, name: 'Kitchen Remodel cost in Jacksonville, FL' })).toBe(
    heading,
  );
  expect(screen.getByRole('link', { name: 'Price your own job' })).toHaveAttribute('href', guide.wizardPath);
  expect(calls.filter((c) => c.path.startsWith('/api/cost-guides'))).toEqual([]);
  expect(logged()).toEqual([]);
});

// A server-rendered page (decision 0045) hydrated in the browser: the HTML the server renderer makes for a project
// page is taken over as it is (the same elements, no mismatch logged), then the visitor's own theme and session
// follow: a dark theme's toggle, and a signed-in owner's header and actions.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PublicUser } from '#domain/schemas/user.schema';
import type { ProjectDetail } from '#domain/schemas/project.schema';
import { createQueryClient } from '#web/lib/query-client.ts';
import { makeProject } from '#web/test/builders.ts';
import { makeUser, mockApi, sessionRoute } from '#web/test/render.tsx';
import { renderPage } from './entry-server.tsx';
import { hydratePage } from './hydrate.tsx';

const owner = makeUser({ id: 'c1', firstName: 'Robin' });
const project = makeProject({ id: 'p1', title: 'Redo the kitchen', minBudget: 5000, maxBudget: 9000 });
const detail = (role: ProjectDetail['viewer']['role']): ProjectDetail => ({
  project,
  messages: [],
  viewer: { role, canMessage: false, messageBlockedReason: null, connected: false },
  contact: null,
});
const config = { BETA_MODE: false, BETA_BANNER_TEXT: '', BETA_FEEDBACK_URL: '' };

let errors: MockInstance<typeof console.error>;
/**
 * What React logged as errors, but one warning of this test's own making: here the server renderer and the
 * browser's run in one process, on the same context objects (in a browser only the latter runs).
 */
const logged = () =>
  errors.mock.calls
    .map((args) => String(args[0]))
    .filter(
      (m) => !m.startsWith('Detected multiple renderers concurrently rendering the same context provider'),
    );
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
  window.history.pushState({}, '', '/projects/p1');
});
afterEach(() => {
  errors.mockRestore();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The page as the server sends it: #root with the rendered HTML, the JSON after it. */
async function serverPage() {
  const { root, state } = await renderPage({
    path: '/projects/p1',
    search: '',
    data: [{ queryKey: ['/api/projects', 'p1'], data: detail('anonymous') }],
    config,
  });
  document.body.innerHTML = `<div id="root">${root}</div>${state}`;
  return document.getElementById('root')!;
}

/** `visitor`: what the browser holds that the server cannot know (set after the server's render, which here runs
 * in the same window). */
async function hydrateAs(user: PublicUser | null, visitor: () => void = () => undefined) {
  mockApi({ ...sessionRoute(user), 'GET /api/projects/p1': { body: detail(user ? 'owner' : 'anonymous') } });
  const root = await serverPage();
  visitor();
  const heading = screen.getByRole('heading', { level: 1, name: 'Redo the kitchen' });
  expect(hydratePage(root, createQueryClient())).toBe(true);
  return heading;
}

describe('hydrating a server-rendered page', () => {
  it('takes the HTML over as it is, then applies a saved dark theme', async () => {
    const heading = await hydrateAs(null, () => {
      window.localStorage.setItem('theme', 'dark');
      document.documentElement.classList.add('dark'); // as public/theme-init.js does before the page shows
    });
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    // The element the server sent is the one on the page: hydrated, not drawn again.
    expect(screen.getByRole('heading', { level: 1, name: 'Redo the kitchen' })).toBe(heading);
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(logged()).toEqual([]);
  });

  it("a signed-in owner gets their header and the owner's actions after hydration, without a mismatch", async () => {
    const heading = await hydrateAs(owner);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Close project' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Redo the kitchen' })).toBe(heading);
    expect(logged()).toEqual([]);
  });

  it('does nothing on a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(hydratePage(document.getElementById('root')!, createQueryClient())).toBe(false);
  });
});

it('hydration data survives a review saying </script>', async () => {
  const { state } = await renderPage({
    path: '/projects/p1',
    search: '',
    data: [{ queryKey: ['/api/projects', 'p1'], data: { ...detail('anonymous'), note: '</script><b>x' } }],
    config,
  });
  expect(state.match(/<\/script>/g)).toHaveLength(1);
  document.body.innerHTML = state;
  const parsed = JSON.parse(document.getElementById('homefix-state')!.textContent!) as {
    queries: { state: { data: { note?: string } } }[];
  };
  expect(parsed.queries.map((q) => q.state.data.note)).toContain('</script><b>x');
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentPath,
  makeTrialStatus,
  makeUser,
  renderApp,
  renderWithProviders,
  mockApi,
  sessionRoute,
} from '#web/test/render.tsx';
import { RoleGuard } from './guards.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login guard', () => {
  it("shows 'Loading…' and then replaces the page with /login for a visitor who is not signed in", async () => {
    const { location } = renderApp({ path: '/saved-estimates' });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/login?next=%2Fsaved-estimates'));
    expect(location.history).toEqual(['/login?next=%2Fsaved-estimates']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('lets any signed-in user into the messages screens', async () => {
    const { location } = renderApp({ path: '/provider/messages', user: makeUser({ role: 'provider' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(currentPath(location)).toBe('/provider/messages');
  });

  it('treats a failed session fetch as signed out', async () => {
    const { location } = renderApp({
      path: '/settings',
      routes: { 'GET /api/auth/session': { status: 500, body: { error: 'Down', code: 'INTERNAL' } } },
    });
    await waitFor(() => expect(currentPath(location)).toBe('/login?next=%2Fsettings'));
  });
});

describe('deep links', { timeout: 20_000 }, () => {
  it('sends a signed-out visitor of /estimates/create to /login and back there after signing in', async () => {
    const { user, location } = renderApp({
      path: '/estimates/create?service=plumbing',
      routes: { 'POST /api/auth/login': { body: makeUser({ role: 'customer' }) } },
    });
    await waitFor(() =>
      expect(currentPath(location)).toBe('/login?next=%2Festimates%2Fcreate%3Fservice%3Dplumbing'),
    );
    await user.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(currentPath(location)).toBe('/estimates/create?service=plumbing'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an Estimate' })).toBeInTheDocument();
  });

  it('still sends an anonymous visitor of an admin page to /', async () => {
    const { location } = renderApp({ path: '/admin' });
    await waitFor(() => expect(currentPath(location)).toBe('/'));
  });
});

describe('dashboard greeting', () => {
  it('greets a brand-new account with "Welcome", not "Welcome back"', async () => {
    renderApp({ path: '/dashboard/customer', user: makeUser({ createdAt: new Date().toISOString() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey!' })).toBeInTheDocument();
  });
});

describe('provider dashboard', () => {
  it("shows the provider's plan, trial, sent bids and category grid", async () => {
    renderApp({
      path: '/dashboard/provider',
      user: makeUser({ role: 'provider', subscriptionPlan: 'deluxe' }),
      routes: {
        'GET /api/trial/status': {
          body: makeTrialStatus({
            isTrial: true,
            daysRemaining: 2,
            trialEndDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
            plan: 'deluxe',
            hasUsedTrial: true,
            taskIds: ['hvac'],
          }),
        },
        'GET /api/provider/categories': {
          body: {
            plan: 'deluxe',
            selectedCategory: 'home-repair',
            selectedTasks: ['hvac'],
            categories: [
              { category: 'kitchen', locked: false, lockedText: null },
              {
                category: 'hvac',
                locked: true,
                lockedText: 'Locked. Upgrade to Deluxe to unlock this category.',
              },
            ],
          },
        },
        'GET /api/bids/provider': { body: { items: [], total: 4 } },
        'GET /api/messages': { body: [] },
        'GET /api/recommendations': { body: { items: [] } },
      },
    });
    const stats = await screen
      .findByRole('list', { name: 'Statistics' })
      .catch(() => screen.findByLabelText('Statistics'));
    expect(stats).toHaveTextContent('Subscription PlanDeluxe');
    await waitFor(() => expect(stats).toHaveTextContent('Sent Bids4'));
    expect(stats).toHaveTextContent('Days Until Renewal2');
    const banner = screen.getByText('Free trial: 2 days remaining');
    expect(banner.parentElement?.className).toMatch(/red/);
    expect(screen.getByText('Locked. Upgrade to Deluxe to unlock this category.')).toBeInTheDocument();
    expect(screen.getByText('No active conversations yet.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No recommended tasks available at the moment. Complete your provider profile to get better recommendations.',
      ),
    ).toBeInTheDocument();
  });
});

describe('role guard', () => {
  it('sends a provider away from customer estimate screens to /forbidden', async () => {
    const { location } = renderApp({ path: '/saved-estimates', user: makeUser({ role: 'provider' }) });
    expect(await screen.findByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(currentPath(location)).toBe('/forbidden');
  });

  it('lets customers and admins into customer estimate screens', async () => {
    renderApp({ path: '/estimates/create', user: makeUser({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an Estimate' })).toBeInTheDocument();
  });

  it('sends a customer away from provider screens', async () => {
    const { location } = renderApp({ path: '/tasks', user: makeUser({ role: 'customer' }) });
    await waitFor(() => expect(currentPath(location)).toBe('/forbidden'));
  });

  it('compares roles without regard to case', async () => {
    mockApi(sessionRoute(makeUser({ role: 'customer' })));
    renderWithProviders(
      <RoleGuard roles={['CUSTOMER']}>
        <p>Inside</p>
      </RoleGuard>,
    );
    expect(await screen.findByText('Inside')).toBeInTheDocument();
  });
});

describe('admin guard', () => {
  it('sends an anonymous visitor to the home page', async () => {
    const { location } = renderApp({ path: '/admin' });
    await waitFor(() => expect(currentPath(location)).toBe('/'));
  });

  it('shows a signed-in non-admin the access-denied page, naming the Admin Panel, with a way to their dashboard', async () => {
    const { user, location } = renderApp({ path: '/admin/cleanup', user: makeUser({ role: 'provider' }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Access Denied');
    expect(alert).toHaveTextContent(
      'You need admin privileges to access this page. Your current role is: provider',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Admin Panel', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(currentPath(location)).toBe('/dashboard/provider'));
  });

  it('uses the same access-denied design as /forbidden', async () => {
    renderApp({ path: '/forbidden', user: makeUser({ role: 'provider' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have permission to access this page.");
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('lets an admin in', async () => {
    renderApp({ path: '/admin', user: makeUser({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
  });
});

describe('dashboard redirect', () => {
  it.each([
    ['admin', '/dashboard/admin'],
    ['provider', '/dashboard/provider'],
    ['customer', '/dashboard/customer'],
  ] as const)('sends a signed-in %s to %s', async (role, target) => {
    const { location } = renderApp({ path: '/dashboard', user: makeUser({ role }) });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe(target));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Casey!' }),
    ).toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to /login', async () => {
    const { location } = renderApp({ path: '/dashboard' });
    await waitFor(() => expect(currentPath(location)).toBe('/login'));
  });
});

describe('public pages', () => {
  it('sends a signed-in visitor from / to their dashboard', async () => {
    const { location } = renderApp({ path: '/', user: makeUser({ role: 'customer' }) });
    await waitFor(() => expect(currentPath(location)).toBe('/dashboard/customer'));
  });

  it('shows the landing page with its two actions to everyone else', async () => {
    renderApp({ path: '/' });
    expect(await screen.findByRole('link', { name: 'Post My Project' })).toHaveAttribute('href', '/post');
    expect(screen.getByRole('link', { name: /Browse Projects/ })).toHaveAttribute('href', '/browse');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('records a page view for every route change', async () => {
    const { calls, user } = renderApp({ path: '/privacy-policy' });
    await user.click(
      within(await screen.findByRole('contentinfo')).getByRole('link', { name: 'Terms of Service' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/visits').map((c) => c.body)).toEqual([
        { type: 'page_view', page: '/privacy-policy' },
        {
          type: 'page_view',
          page: '/terms-of-service',
          referrer: `${window.location.origin}/privacy-policy`,
        },
      ]),
    );
  });
});

describe('document title', () => {
  it('names the page in the browser tab', async () => {
    renderApp({ path: '/terms-of-service' });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(document.title).toBe('Terms of Service · HomeFix');
  });
});

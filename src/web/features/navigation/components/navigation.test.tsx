import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';
import { browserNavigation } from '#web/features/auth/index.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('navigation', { timeout: 20_000 }, () => {
  it('public header offers Dashboard and, only for admins, Admin Panel', async () => {
    renderApp({ path: '/privacy-policy', user: makeUser({ role: 'admin' }) });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(await within(main).findByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('hides Admin Panel from other users and offers log in and sign up to visitors', async () => {
    renderApp({ path: '/privacy-policy' });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('opens log in as a dialog from the header', async () => {
    const { user } = renderApp({ path: '/privacy-policy' });
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to HomeFix' });
    expect(await within(dialog).findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("top bar's Dashboard goes to /login for visitors and to the role dashboard when signed in", async () => {
    const first = renderApp({ path: '/browse' });
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    renderApp({ path: '/browse', user: makeUser({ role: 'provider' }) });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/provider'),
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('records nav clicks with their label', async () => {
    const { user, calls } = renderApp({ path: '/mvp' });
    const bar = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(bar).getByRole('link', { name: 'Post My Project' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === '/api/visits' && (c.body as { label?: string }).label === 'Post My Project',
        ),
      ).toBe(true),
    );
  });

  it('customer navigation lists Dashboard, Saved Estimates, Jobs, Messages, Profile (and Admin Panel for admins)', async () => {
    renderApp({ path: '/dashboard/admin', user: makeUser({ role: 'admin' }) });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Saved Estimates', 'Jobs', 'Messages', 'Profile', 'Admin Panel']);
  });

  it('provider navigation lists its six destinations, Jobs after the tasks', async () => {
    renderApp({ path: '/dashboard/provider', user: makeUser({ role: 'provider' }) });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/dashboard', '/tasks', '/posted-tasks', '/jobs', '/provider/messages', '/subscription']);
  });

  it.each([
    ['customer', makeUser()],
    ['provider', makeUser({ role: 'provider' })],
  ])('marks Jobs as the current page on a job for a %s, in the bar and the bottom bar', async (_, who) => {
    renderApp({
      path: '/jobs/j1',
      user: who,
      routes: { 'GET /api/jobs/j1': { status: 404, body: { error: 'Job not found', code: 'NOT_FOUND' } } },
    });
    for (const name of ['Main', 'Mobile']) {
      const nav = await screen.findByRole('navigation', { name });
      expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    }
  });

  it('logs out from the user menu, then goes to the home page', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user, calls } = renderApp({
      path: '/dashboard/customer',
      user: makeUser(),
      routes: { 'POST /api/auth/logout': { status: 204 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Casey Jones' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('casey@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
  });

  it('still leaves for the home page when logout fails', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp({
      path: '/dashboard/customer',
      user: makeUser(),
      routes: { 'POST /api/auth/logout': { status: 500, body: INTERNAL_ERROR } },
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Casey Jones' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('goes to /login when logout fails in the admin area', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp({
      path: '/admin',
      user: makeUser({ role: 'admin' }),
      routes: { 'POST /api/auth/logout': { status: 500, body: INTERNAL_ERROR } },
    });
    await user.click(await screen.findByRole('button', { name: /^Account menu for/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
  });
});

describe('wording', { timeout: 20_000 }, () => {
  it.each([
    ['a desktop', false],
    ['a phone', true],
  ])("the user menu says 'Sign out' on %s", async (_, phone) => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: phone && query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const { user } = renderApp({ path: '/dashboard/customer', user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Casey Jones' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /log ?out/i })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('the login dialog does not say "Welcome back" to someone who may be new', async () => {
    const { user } = renderApp({ path: '/privacy-policy' });
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to HomeFix' });
    expect(dialog).toHaveAccessibleDescription('Enter your email and password.');
  });

  it('the bottom bar keeps the full names for assistive technology and shows short ones', async () => {
    renderApp({ path: '/dashboard/admin', user: makeUser({ role: 'admin' }) });
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    const saved = within(bar).getByRole('link', { name: 'Saved Estimates' });
    expect(saved).toHaveTextContent(/^Estimates$/);
    expect(within(bar).getByRole('link', { name: 'Admin Panel' })).toHaveTextContent(/^Admin$/);
  });

  it("the provider's bottom bar shows Plan for Subscription, so its six labels fit a phone", async () => {
    renderApp({ path: '/dashboard/provider', user: makeUser({ role: 'provider' }) });
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Tasks', 'Posted', 'Jobs', 'Messages', 'Plan']);
    expect(within(bar).getByRole('link', { name: 'Subscription' })).toHaveTextContent(/^Plan$/);
  });
});

/** A phone (390 px): media queries with max-width match, as the layout's small-screen rules do. */
function asPhone() {
  vi.stubGlobal('innerWidth', 390);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const accountEntries = /^(Account|Settings|Sign out|Log ?out)$/i;

describe('phone navigation (390 px)', { timeout: 20_000 }, () => {
  it("a customer's bottom bar holds the five destinations and nothing of the account", async () => {
    asPhone();
    renderApp({ path: '/dashboard/customer', user: makeUser() });
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/dashboard', '/saved-estimates', '/jobs', '/messages', '/profile']);
    expect(within(bar).queryByRole('button')).toBeNull();
    expect(within(bar).queryByText(accountEntries)).toBeNull();
  });

  it("an admin's bottom bar adds Admin Panel, still without Account, Settings or Sign out", async () => {
    asPhone();
    renderApp({ path: '/dashboard/admin', user: makeUser({ role: 'admin' }) });
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Estimates', 'Jobs', 'Messages', 'Profile', 'Admin']);
    expect(within(bar).queryByRole('button')).toBeNull();
  });

  it("a provider's bottom bar and mobile menu hold the six destinations, the account entries the avatar menu", async () => {
    asPhone();
    const provider = makeUser({ role: 'provider', firstName: 'Pat', lastName: 'Lee' });
    const { user } = renderApp({ path: '/dashboard/provider', user: provider });
    const destinations = [
      '/dashboard',
      '/tasks',
      '/posted-tasks',
      '/jobs',
      '/provider/messages',
      '/subscription',
    ];
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(destinations);
    expect(within(bar).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(destinations);
    expect(within(menu).queryByRole('button')).toBeNull();
    expect(within(menu).queryByText(accountEntries)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Account menu for Pat Lee' }));
    const avatar = await screen.findByRole('menu');
    expect(within(avatar).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(avatar).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(avatar).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('the bottom bar marks itself so the toasts keep clear of it', async () => {
    asPhone();
    renderApp({ path: '/dashboard/customer', user: makeUser() });
    const bar = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(bar).toHaveAttribute('data-bottom-bar');
  });
});

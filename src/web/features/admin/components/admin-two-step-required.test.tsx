// Two-step verification for admins (decision 0028): when the site requires it (the session's `twoStepSetupRequired`),
// the admin screens show a card that leads to the set-up on /settings instead of the tools, inside the admin's
// navigation; turning it on there opens them. When it is optional, the dashboard suggests it in one quiet line.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '#domain/schemas/user.schema';
import type { AdminUserList } from '#domain/schemas/admin-api.schema';
import { twoStepQueryOptions } from '#web/features/accounts/index.ts';
import { makeTwoStepStatus, makeUserSettings } from '#web/test/builders.ts';
import { currentPath, defineRoutes, makeUser, renderApp, type Handler } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const admin = makeUser({ id: 'a1', role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const adminMustSetUp: PublicUser = { ...admin, twoStepSetupRequired: true };
const off = makeTwoStepStatus();
const on = makeTwoStepStatus({ enabled: true, enabledAt: '2026-03-02T10:00:00.000Z', recoveryCodesLeft: 10 });
const emptyUsers: AdminUserList = { users: [], total: 0, page: 1, pageSize: 10, pageCount: 0 };

const HEADING = 'Turn on two-step verification';
const WHY =
  'This site requires admins to sign in with two-step verification before they can use the admin tools, because those tools can see and change every account.';
const SUGGESTION = 'Your admin account is protected by a password only.';

/** What the server refuses such an admin: everything but their own settings and the shell's own counts. */
const adminToolCalls = (calls: { path: string }[]) =>
  calls.filter(
    (c) =>
      c.path.startsWith('/api/admin') ||
      c.path.startsWith('/api/estimates') ||
      (c.path.startsWith('/api/messages') && c.path !== '/api/messages/unread-count'),
  );

describe('ADMIN_TWO_STEP=required: an admin without two-step', { timeout: 20_000 }, () => {
  it.each([
    '/admin',
    '/dashboard/admin',
    '/admin/messages',
    '/admin/cleanup',
    '/estimates',
    '/messages',
    '/estimates/8d6f2c4e-0b1a-4c3e-9f7d-2a5b6c7d8e9f',
  ])('sees the set-up card at %s, in the admin navigation, and no admin tool is asked for', async (path) => {
    const { calls } = renderApp({ path, user: adminMustSetUp });
    expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(screen.getByText(WHY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-step verification' })).toHaveAttribute(
      'href',
      '/settings#two-step',
    );
    // The role's navigation is still there (the admin can reach Settings and sign out).
    expect(screen.getAllByRole('navigation').length).toBeGreaterThan(0);
    expect(screen.queryByRole('tablist', { name: 'Admin sections' })).not.toBeInTheDocument();
    expect(adminToolCalls(calls)).toEqual([]);
  });

  it('reaches the set-up by keyboard, turns it on, and the admin tools open without signing in again', async () => {
    let enabled = false;
    const routes = defineRoutes({
      // The server drops the flag once two-step is on (the session lookup reads it on every request).
      'GET /api/auth/session': () => ({
        body: { isAuthenticated: true, user: enabled ? admin : adminMustSetUp },
      }),
      'GET /api/auth/two-step': () => ({ body: enabled ? on : off }),
      'GET /api/user/settings': { body: makeUserSettings() },
      'GET /api/role-requests': { body: [] },
      'GET /api/auth/sessions': { body: { sessions: [], total: 0 } },
      'POST /api/auth/two-step/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/HomeFix:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          expiresAt: '2026-03-02T10:15:00.000Z',
        },
      },
      'POST /api/auth/two-step/enable': () => {
        enabled = true;
        return {
          body: {
            message: 'Two-step verification is on. Other devices have been signed out.',
            recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcde-2345${i % 8}`),
          },
        };
      },
      'GET /api/admin/users': { body: emptyUsers },
    });
    const { user, location, calls } = renderApp({ path: '/admin', user: adminMustSetUp, routes });

    const link = await screen.findByRole('link', { name: 'Set up two-step verification' });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(location)).toBe('/settings#two-step'));
    // The in-memory router of the tests keeps the fragment in the path; a browser routes the path and keeps the
    // fragment in location.hash, as here.
    window.history.replaceState(null, '', '/settings#two-step');
    location.navigate('/settings');

    const region = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(await within(region).findByRole('button', { name: 'Set up two-step verification' }));
    await user.type(await within(region).findByLabelText('6-digit code from the app'), '123456');
    await user.type(within(region).getByLabelText('Your password'), 'Secret123');
    await user.click(within(region).getByRole('button', { name: 'Turn on two-step verification' }));
    await within(region).findByRole('list', { name: /Save your recovery codes/ });
    // Turning it on asked the server for the session again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/auth/session').length).toBeGreaterThan(1),
    );

    location.navigate('/admin');
    expect(await screen.findByRole('tablist', { name: 'Admin sections' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: HEADING })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/users'))).toBe(true));
  });

  it('shows the card when an admin tool answers 403 TWO_STEP_REQUIRED (two-step turned off in another tab)', async () => {
    let sessionReads = 0;
    renderApp({
      path: '/admin',
      user: admin,
      routes: {
        'GET /api/auth/session': () => {
          sessionReads += 1;
          return { body: { isAuthenticated: true, user: sessionReads === 1 ? admin : adminMustSetUp } };
        },
        'GET /api/auth/two-step': { body: off },
        'GET /api/admin/users': {
          status: 403,
          body: {
            error: 'Turn on two-step verification in Settings to use the admin tools.',
            code: 'TWO_STEP_REQUIRED',
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(sessionReads).toBe(2);
  });

  it('never shows the card to an admin whose session does not carry the flag', async () => {
    renderApp({
      path: '/admin',
      user: admin,
      routes: { 'GET /api/admin/users': { body: emptyUsers }, 'GET /api/auth/two-step': { body: on } },
    });
    expect(await screen.findByRole('tablist', { name: 'Admin sections' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: HEADING })).not.toBeInTheDocument();
  });
});

describe('/settings#two-step', { timeout: 20_000 }, () => {
  it('moves focus to the two-step section once it has loaded', async () => {
    window.history.replaceState(null, '', '/settings#two-step');
    renderApp({
      path: '/settings',
      user: adminMustSetUp,
      routes: {
        'GET /api/auth/two-step': { body: off },
        'GET /api/user/settings': { body: makeUserSettings() },
        'GET /api/role-requests': { body: [] },
      },
    });
    const region = await screen.findByRole('region', { name: 'Two-step verification' });
    await within(region).findByText('Off');
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('two-step')));
    expect(document.getElementById('two-step')).toContainElement(region);
  });
});

describe('ADMIN_TWO_STEP=optional: the admin dashboard', { timeout: 20_000 }, () => {
  /**
   * The dashboard with this two-step status. The users list is answered only once the status has settled in the
   * page's cache, so by the time the list shows, the status has been rendered: a line it wrongly brought would
   * be there.
   */
  function open(twoStep: Handler<'GET /api/auth/two-step'>, path = '/dashboard/admin') {
    const view = renderApp({
      path,
      user: admin,
      routes: {
        'GET /api/auth/two-step': twoStep,
        'GET /api/admin/users': async () => {
          await vi.waitFor(
            () => {
              const state = view.client.getQueryState(twoStepQueryOptions().queryKey);
              expect(state?.status).not.toBe('pending');
              expect(state?.fetchStatus).toBe('idle');
            },
            { timeout: 5000 },
          );
          return { body: emptyUsers };
        },
      },
    });
    return view;
  }

  it('suggests two-step in one line with a link to the set-up, above the tools', async () => {
    open({ body: off });
    const line = await screen.findByText(SUGGESTION);
    const link = within(line).getByRole('link', { name: 'Turn on two-step verification' });
    expect(link).toHaveAttribute('href', '/settings#two-step');
    // Quiet: not an alert, nothing to dismiss, and the tools are all there.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /dismiss|close/i })).not.toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Admin sections' })).toBeInTheDocument();
  });

  it('says nothing when two-step is on', async () => {
    const { calls } = open({ body: on });
    expect(await screen.findByRole('tablist', { name: 'Admin sections' })).toBeInTheDocument();
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/two-step')).toBe(true);
    expect(screen.queryByText(SUGGESTION)).not.toBeInTheDocument();
  });

  it('says nothing, and the dashboard still works, when the status cannot be loaded', async () => {
    const { calls } = open({
      status: 500,
      body: { error: 'Something went wrong on our side', code: 'INTERNAL' },
    });
    expect(await screen.findByRole('tablist', { name: 'Admin sections' })).toBeInTheDocument();
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/two-step')).toBe(true);
    expect(screen.queryByText(SUGGESTION)).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on our side')).not.toBeInTheDocument();
  });
});

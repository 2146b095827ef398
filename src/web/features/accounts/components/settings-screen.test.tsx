import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoleRequestItem, UserSettings } from '#domain/schemas/account.schema';
import { INTERNAL_ERROR, makeUserSettings } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';
import { makeRoleRequest, settingsRoutes } from '../test-data.ts';

// Each screen is a lazy chunk: its first render may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/settings', { timeout: 20_000 }, () => {
  it('shows the account information', async () => {
    renderApp({ path: '/settings', user: makeUser(), routes: settingsRoutes() });
    const info = await screen.findByRole('region', { name: 'Account information' });
    expect(within(info).getByText('Casey Jones')).toBeInTheDocument();
    expect(within(info).getByText('casey@example.com')).toBeInTheDocument();
    expect(within(info).getByText('Customer')).toBeInTheDocument();
    expect(within(info).getByText('Free')).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile');
  });

  it('shows the stored messaging limit and saves another one', async () => {
    const { user, calls } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: {
        ...settingsRoutes({ messageLimit: 10 }),
        'POST /api/user/settings': ({ body }) => ({
          body: makeUserSettings(body as Pick<UserSettings, 'messageLimit'>),
        }),
      },
    });
    expect(await screen.findByRole('radio', { name: '10 providers' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Unlimited' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Your messaging preferences have been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/user/settings')?.body).toEqual({
      messageLimit: null,
    });
  });

  it('defaults to 20 and says "Failed to update settings" when saving fails', async () => {
    const { user } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: { ...settingsRoutes(), 'POST /api/user/settings': { status: 500, body: INTERNAL_ERROR } },
    });
    expect(await screen.findByRole('radio', { name: /20 providers/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '5 providers' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Failed to update settings')).toBeInTheDocument();
  });

  it('says "Failed to fetch user settings" when the settings cannot be read', async () => {
    renderApp({
      path: '/settings',
      user: makeUser(),
      routes: { ...settingsRoutes(), 'GET /api/user/settings': { status: 500, body: INTERNAL_ERROR } },
    });
    expect(await screen.findByText('Failed to fetch user settings')).toBeInTheDocument();
    // The rest of the page still works.
    expect(await screen.findByText('You have not requested a role change yet.')).toBeInTheDocument();
  });

  it('asks for a role and a reason before sending a role request, and never offers the current role', async () => {
    const { user, calls } = renderApp({ path: '/settings', user: makeUser(), routes: settingsRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Submit request' }));
    expect(
      await screen.findAllByText('Please select a role and provide a reason for the request.'),
    ).toHaveLength(1);
    expect(screen.queryByRole('radio', { name: 'Customer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Service Provider' }));
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(
      await screen.findByText('Please select a role and provide a reason for the request.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/role-requests' && c.method === 'POST')).toBe(false);
  });

  it('submits a role request for admin review and then shows it as pending', async () => {
    let list: RoleRequestItem[] = [];
    const { user, calls } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: {
        ...settingsRoutes(),
        'GET /api/role-requests': () => ({ body: list }),
        'POST /api/role-requests': ({ body }) => {
          const request = makeRoleRequest(body as Partial<RoleRequestItem>);
          list = [request];
          return { status: 201, body: request };
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Service Provider' }));
    await user.type(screen.getByLabelText('Reason'), 'I run a plumbing business.');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText(/submitted for admin review/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/role-requests')?.body).toEqual({
      requestedRole: 'provider',
      reason: 'I run a plumbing business.',
    });
    expect(await screen.findByText('Your request is waiting for review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit request' })).not.toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Request history' });
    expect(within(history).getByText('pending')).toBeInTheDocument();
  });

  it('says "Failed to submit role request" with the server\'s reason', async () => {
    const { user } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: {
        ...settingsRoutes(),
        'POST /api/role-requests': {
          status: 409,
          body: { error: 'You already have a pending request.', code: 'CONFLICT' },
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Admin' }));
    await user.type(screen.getByLabelText('Reason'), 'I help run the site.');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Failed to submit role request')).toBeInTheDocument();
    expect(screen.getByText('You already have a pending request.')).toBeInTheDocument();
  });

  it('lists the history with badges, review dates and admin comments', async () => {
    renderApp({
      path: '/settings',
      user: makeUser({ role: 'provider' }),
      routes: {
        ...settingsRoutes(),
        'GET /api/role-requests': {
          body: [
            makeRoleRequest({
              id: 'r2',
              requestedRole: 'admin',
              status: 'denied',
              reviewedAt: '2026-02-03T10:00:00.000Z',
              adminComment: 'Not at this time.',
            }),
            makeRoleRequest({ status: 'approved', reviewedAt: '2026-01-06T10:00:00.000Z' }),
          ],
        },
      },
    });
    const history = await screen.findByRole('list', { name: 'Request history' });
    const [denied, approved] = within(history).getAllByRole('listitem');
    expect(within(denied!).getByText('denied')).toBeInTheDocument();
    expect(within(denied!).getByText('Reviewed Feb 3, 2026')).toBeInTheDocument();
    expect(within(denied!).getByText('Not at this time.')).toBeInTheDocument();
    expect(within(approved!).getByText('approved')).toBeInTheDocument();
    expect(within(approved!).getByText('Requested Jan 5, 2026')).toBeInTheDocument();
    // A provider may ask to become a customer or an admin.
    expect(screen.getByRole('radio', { name: 'Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Service Provider' })).not.toBeInTheDocument();
  });

  it('reads the session again when an approved request changed the role', async () => {
    let sessionReads = 0;
    renderApp({
      path: '/settings',
      user: makeUser(),
      routes: {
        ...settingsRoutes(),
        'GET /api/auth/session': () => {
          sessionReads += 1;
          const role = sessionReads === 1 ? 'customer' : 'provider';
          return { body: { isAuthenticated: true, user: makeUser({ role }) } };
        },
        'GET /api/role-requests': {
          body: [makeRoleRequest({ status: 'approved', reviewedAt: '2026-01-06T10:00:00.000Z' })],
        },
      },
    });
    const info = await screen.findByRole('region', { name: 'Account information' });
    expect(await within(info).findByText('Service Provider')).toBeInTheDocument();
    expect(sessionReads).toBe(2);
  });

  it('says so when the role requests cannot be read', async () => {
    renderApp({
      path: '/settings',
      user: makeUser(),
      routes: { ...settingsRoutes(), 'GET /api/role-requests': { status: 500, body: INTERNAL_ERROR } },
    });
    expect(await screen.findByText('Failed to fetch role requests')).toBeInTheDocument();
  });
});

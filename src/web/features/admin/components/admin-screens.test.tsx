// The admin screens against a scripted API.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeletionPreviewItem } from '#domain/schemas/admin-api.schema';
import type { AdminRoleRequest } from '#domain/schemas/account.schema';
import type { Message } from '#domain/schemas/message-api.schema';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { currentPath, renderApp, type RecordedCall, type RouteTable } from '#web/test/render.tsx';
import { admin, adminUser } from '../test-data.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page1 = [
  adminUser(1, { role: 'provider', effectiveRole: 'provider', subscriptionPlan: 'deluxe' }),
  adminUser(2, { lastActiveAt: '2026-02-01T09:30:00.000Z' }),
  adminUser(3, { id: 'a1', firstName: 'Ada', lastName: 'Admin', role: 'admin', effectiveRole: 'admin' }),
  ...Array.from({ length: 7 }, (_, i) => adminUser(i + 4)),
];

function usersRoute(calls: string[] = [], total = 12) {
  return (call: RecordedCall) => {
    calls.push(call.path);
    const q = new URL(call.path, 'http://x').searchParams;
    const page = Number(q.get('page') ?? 1);
    const users = page === 1 ? page1 : [adminUser(11), adminUser(12)];
    return { body: { users, total, page, pageSize: 10, pageCount: Math.ceil(total / 10) } };
  };
}

const openAdmin = <T,>(routes?: RouteTable<T>, path = '/admin') =>
  renderApp({ path, user: admin, routes: { 'GET /api/admin/users': usersRoute(), ...routes } });

describe('Users tab', () => {
  it('lists users with Total Users, N/A and Never, and pages with Previous / Next', async () => {
    const paths: string[] = [];
    const { user } = openAdmin({ 'GET /api/admin/users': usersRoute(paths) });
    expect(screen.getByRole('status')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(await screen.findByTestId('total-users')).toHaveTextContent('12');
    const row1 = within(table).getByRole('row', { name: /First1 Last1/ });
    expect(row1).toHaveTextContent('Deluxe');
    const row2 = within(table).getByRole('row', { name: /First2 Last2/ });
    expect(row2).toHaveTextContent('N/A');
    expect(within(table).getByRole('row', { name: /First4 Last4/ })).toHaveTextContent('Never');
    expect(row2).toHaveTextContent(/\d\d\/\d\d\/2026 \d\d:\d\d (AM|PM)/);
    expect(screen.getByText('Showing 1 to 10 of 12 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 users')).toBeInTheDocument();
    expect(paths.at(-1)).toContain('page=2');
    // Admins and the signed-in admin cannot be deleted from the row.
    expect(screen.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull();
  });

  it('sends the type, plan, date and search filters to the server and starts again at page 1', async () => {
    const paths: string[] = [];
    const { user } = openAdmin({ 'GET /api/admin/users': usersRoute(paths) });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('User type'), 'Service Provider');
    await waitFor(() => expect(paths.at(-1)).toContain('role=provider'));
    await user.selectOptions(screen.getByLabelText('Subscription'), 'Starter');
    await waitFor(() => expect(paths.at(-1)).toContain('subscription=starter'));
    await user.type(screen.getByLabelText('Created to'), '2026-03-01');
    await waitFor(() => expect(paths.at(-1)).toContain('createdBefore=2026-03-01'));
    await user.type(screen.getByLabelText('Search users'), 'anna');
    await waitFor(() => expect(paths.at(-1)).toContain('search=anna'));
    expect(paths.at(-1)).toContain('page=1');
    expect(paths.at(-1)).toMatch(/timeZone=/);
  });

  it('shows the load error with a retry, and the empty state when nothing matches', async () => {
    let fail = true;
    const { user } = openAdmin({
      'GET /api/admin/users': () =>
        fail
          ? { status: 500, body: INTERNAL_ERROR }
          : { body: { users: [], total: 0, page: 1, pageSize: 10, pageCount: 1 } },
    });
    expect(await screen.findByText('Failed to load users.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });

  it('changes a role inline and toasts the result; a failure toasts the spec text', async () => {
    const bodies: unknown[] = [];
    let ok = true;
    const { user } = openAdmin({
      'PUT /api/admin/users/u2/role': (c) => {
        bodies.push(c.body);
        return ok
          ? {
              body: {
                user: adminUser(2, { role: 'provider', effectiveRole: 'provider' }),
                wasDowngraded: false,
              },
            }
          : { status: 502 };
      },
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Role of First2 Last2'), 'Service Provider');
    await user.click(await screen.findByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ role: 'provider' }]);
    ok = false;
    await user.selectOptions(screen.getByLabelText('Role of First2 Last2'), 'Admin');
    await user.click(await screen.findByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Error updating user role')).toBeInTheDocument();
    expect(screen.getByText('Failed to update user role.')).toBeInTheDocument();
  });

  it('asks before a role changes, saying what else changes; Cancel changes nothing', async () => {
    const bodies: unknown[] = [];
    const { user } = openAdmin({
      'PUT /api/admin/users/u1/role': (c) => {
        bodies.push(c.body);
        return { body: { user: adminUser(1, { role: 'customer' }), wasDowngraded: false } };
      },
    });
    await screen.findByRole('table');
    const select = screen.getByLabelText('Role of First1 Last1');
    expect(select).toHaveValue('provider');
    await user.selectOptions(select, 'Customer');
    const dialog = await screen.findByRole('dialog', {
      name: 'Change First1 Last1 from Service Provider to Customer?',
    });
    expect(dialog).toHaveAccessibleDescription(
      'First1 Last1 loses the Deluxe plan and the chosen tasks: no more posted work or bids. ' +
        'Both stay on the account and apply again if they are made a Service Provider again while the plan’s ' +
        'period runs. The change is recorded in the audit log.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select).toHaveValue('provider');
    // Escape closes it the same way.
    await user.selectOptions(select, 'Admin');
    await screen.findByRole('dialog', { name: 'Change First1 Last1 from Service Provider to Admin?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select).toHaveValue('provider');
    expect(bodies).toEqual([]);
  });

  it('an admin who demotes themselves sees Access Revoked, then goes to / after 2 seconds', async () => {
    const { user, location } = openAdmin({
      'PUT /api/admin/users/a1/role': {
        body: {
          user: adminUser(3, { id: 'a1', role: 'customer', effectiveRole: 'customer' }),
          wasDowngraded: true,
        },
      },
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Role of Ada Admin'), 'Customer');
    const dialog = await screen.findByRole('dialog', { name: 'Make yourself a Customer?' });
    expect(dialog).toHaveAccessibleDescription(/You lose the Admin Panel and every admin tool at once\./);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByRole('heading', { name: 'Access Revoked' })).toBeInTheDocument();
    expect(currentPath(location)).toBe('/admin');
    await waitFor(() => expect(currentPath(location)).toBe('/'), { timeout: 4000 });
  });

  it('bulk: "1 user selected" / "2 users selected", Preview Deletion (protected excluded, soft by default), results dialog', async () => {
    const preview: DeletionPreviewItem[] = [
      {
        userId: 'u2',
        exists: true,
        user: {
          firstName: 'First2',
          lastName: 'Last2',
          email: 'user2@example.com',
          role: 'customer',
          deletedAt: null,
        },
        canDelete: true,
        reason: null,
        totalRecords: 7,
        counts: { messages: 2, estimates: 3, sessions: 1, jobs: 2, reviewsWritten: 1, reviewsReceived: 3 },
      },
      {
        userId: 'a1',
        exists: true,
        user: {
          firstName: 'Ada',
          lastName: 'Admin',
          email: 'ada@homefix.test',
          role: 'admin',
          deletedAt: null,
        },
        canDelete: false,
        reason: 'Admins are protected',
        totalRecords: 3,
        counts: { messages: 0, estimates: 0, sessions: 1, jobs: 0, reviewsWritten: 0, reviewsReceived: 0 },
      },
    ];
    let bulkBody: unknown;
    const { user } = openAdmin({
      'GET /api/admin/users/preview': { body: preview },
      'DELETE /api/admin/users/bulk': (c) => {
        bulkBody = c.body;
        return {
          body: {
            mode: 'soft',
            results: [{ userId: 'u2', status: 'deleted', mode: 'soft', reason: null }],
            deleted: 1,
            skipped: 0,
            failed: 0,
          },
        };
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Admin' }));
    expect(screen.getByText('1 user selected')).toBeInTheDocument();
    // Only a protected user selected: nothing to delete.
    expect(screen.getByRole('button', { name: 'Preview Deletion' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Preview Deletion' })).toHaveAccessibleDescription(
      'Admins and your own account are protected and cannot be deleted.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    expect(screen.getByText('2 users selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview Deletion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletion Preview' });
    expect(within(dialog).getByText('Protected')).toBeInTheDocument();
    expect(within(dialog).getByText('Admins are protected')).toBeInTheDocument();
    // What a deletion touches, the user's jobs and reviews among it.
    const row = within(dialog).getByRole('row', { name: /First2 Last2/ });
    expect(within(row).getByRole('cell', { name: '1 written · 3 received' })).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: 'Jobs' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Soft delete \(recommended\)/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Delete 1 user' }));
    const results = await screen.findByRole('dialog', { name: 'Deletion Results' });
    expect(within(results).getByText('Soft deletion completed')).toBeInTheDocument();
    expect(within(results).getByText('Deleted').nextSibling).toHaveTextContent('1');
    expect(bulkBody).toEqual({ userIds: ['u2'], mode: 'soft' });
    expect(screen.queryByText(/user\(s\) selected/)).toBeNull();
  });

  it('select-all takes the whole page; a failed preview toasts the spec text', async () => {
    const { user } = openAdmin({ 'GET /api/admin/users/preview': { status: 500, body: INTERNAL_ERROR } });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(screen.getByText('10 users selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview Deletion' }));
    expect(await screen.findByText('Preview failed — check server logs')).toBeInTheDocument();
    expect(screen.getByText('Failed to load deletion preview.')).toBeInTheDocument();
  });

  it('Edit User: subscription only for providers, required names, saves and toasts', async () => {
    let put: unknown;
    const provider = page1[0]!;
    const { user } = openAdmin({
      'GET /api/admin/users/u1': { body: provider },
      'PUT /api/admin/users/u1': (c) => {
        put = c.body;
        return { body: { user: provider, wasDowngraded: false } };
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Edit First1 Last1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const plan = await within(dialog).findByLabelText('Subscription');
    expect(plan).toHaveValue('deluxe');
    expect(within(dialog).queryByLabelText('Admin privileges expire')).toBeNull();
    await user.clear(within(dialog).getByLabelText('First name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(put).toBeUndefined();
    await user.type(within(dialog).getByLabelText('First name'), 'Pat');
    await user.selectOptions(plan, 'Starter');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(put).toEqual({
      id: 'u1',
      firstName: 'Pat',
      lastName: 'Last1',
      email: 'user1@example.com',
      role: 'provider',
      subscriptionPlan: 'starter',
    });
    // A customer has no subscription field; an admin gets the expiry field.
    await user.click(screen.getByRole('button', { name: 'Edit First2 Last2' }));
    const dialog2 = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(dialog2).findByLabelText('Role')).toHaveValue('customer');
    expect(within(dialog2).queryByLabelText('Subscription')).toBeNull();
    await user.selectOptions(within(dialog2).getByLabelText('Role'), 'Admin');
    expect(within(dialog2).getByLabelText('Admin privileges expire')).toBeInTheDocument();
  });

  it('Edit User: a refused email shows the server field message and the error toast', async () => {
    const { user } = openAdmin({
      'GET /api/admin/users/u2': { body: page1[1]! },
      'PUT /api/admin/users/u2': {
        status: 409,
        body: {
          error: 'This email is already used by another account',
          code: 'CONFLICT',
          fields: { email: 'This email is already used by another account' },
        },
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Edit First2 Last2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await within(dialog).findByLabelText('Role');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error updating user')).toBeInTheDocument();
    expect(within(dialog).getByText('This email is already used by another account')).toBeInTheDocument();
  });

  it('Edit User: a failed read toasts "Failed to fetch user" and edits the list\'s copy', async () => {
    const { user } = openAdmin({ 'GET /api/admin/users/u2': { status: 500, body: INTERNAL_ERROR } });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Edit First2 Last2' }));
    expect(await screen.findByText('Failed to fetch user')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('First name')).toHaveValue('First2');
  });

  it('Delete User: confirms, deletes softly by default and toasts', async () => {
    const paths: string[] = [];
    const { user } = openAdmin({
      'DELETE /api/admin/users/u2': (c) => {
        paths.push(c.path);
        return { body: { userId: 'u2', status: 'deleted', mode: 'soft', reason: null } };
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete First2 Last2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(paths).toEqual(['/api/admin/users/u2?mode=soft']);
  });

  it('/dashboard/admin shows the same panel', async () => {
    openAdmin({}, '/dashboard/admin');
    expect(await screen.findByRole('tab', { name: 'User Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('other tabs', () => {
  const request: AdminRoleRequest = {
    id: 'r1',
    userId: 'u2',
    requestedRole: 'provider',
    reason: 'I run a plumbing business',
    status: 'pending',
    requestedAt: '2026-03-01T12:00:00.000Z',
    reviewedAt: null,
    adminComment: null,
    user: { id: 'u2', firstName: 'First2', lastName: 'Last2', email: 'user2@example.com', role: 'customer' },
  };

  it('role requests: approve with a comment, "Role Request Updated"; load failure text', async () => {
    let body: unknown;
    const { user } = openAdmin(
      {
        'GET /api/admin/role-requests': { body: [request] },
        'PUT /api/admin/role-requests/r1': (c) => {
          body = c.body;
          return { body: { ...request, status: 'approved' } };
        },
      },
      '/admin?tab=role-requests',
    );
    const card = await screen.findByRole('listitem', { name: 'First2 Last2 requests Service Provider' });
    expect(card).toHaveTextContent('I run a plumbing business');
    expect(card).toHaveTextContent('03/01/2026');
    await user.type(within(card).getByLabelText('Comment (optional)'), 'Welcome aboard');
    await user.click(within(card).getByRole('button', { name: 'Approve First2 Last2’s request' }));
    expect(await screen.findByText('Role Request Updated')).toBeInTheDocument();
    expect(body).toEqual({ status: 'approved', adminComment: 'Welcome aboard' });
  });

  it('role requests: the load failure says so', async () => {
    openAdmin(
      { 'GET /api/admin/role-requests': { status: 500, body: INTERNAL_ERROR } },
      '/admin?tab=role-requests',
    );
    expect(await screen.findByText('Failed to fetch pending role requests')).toBeInTheDocument();
  });

  it('audit log: details in sentences, counts in words, filters by action type', async () => {
    const paths: string[] = [];
    const { user } = openAdmin(
      {
        'GET /api/admin/logs': (c) => {
          paths.push(c.path);
          return {
            body: {
              entries: [
                {
                  id: 'l1',
                  timestamp: '2026-03-01T12:00:00.000Z',
                  actionType: 'Change Role',
                  adminId: 'a1',
                  adminName: 'Ada Admin',
                  adminEmail: 'ada@homefix.test',
                  targetUserId: 'u2',
                  targetUserName: 'First2 Last2',
                  targetUserEmail: 'user2@example.com',
                  details: {
                    changes: { role: { from: 'customer', to: 'provider' } },
                    fromRole: 'customer',
                    toRole: 'provider',
                    targetUserName: 'First2 Last2',
                    targetUserEmail: 'user2@example.com',
                  },
                },
              ],
              total: 1,
              page: 1,
              pageSize: 20,
            },
          };
        },
      },
      '/admin?tab=audit',
    );
    const row = await screen.findByRole('row', { name: /Change Role/ });
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent(
      /^Role: Customer → Service Provider\.$/,
    );
    expect(screen.getByText('Showing 1 to 1 of 1 entry')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Action type'), 'Delete User');
    await waitFor(() => expect(paths.at(-1)).toContain('actionType=Delete+User'));
  });

  it('export: CSV and JSON links, "Download Started"', async () => {
    const { user } = openAdmin({}, '/admin?tab=export');
    const csv = await screen.findByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/admin/estimate-catalog.csv');
    expect(screen.getByRole('link', { name: 'Download JSON' })).toHaveAttribute(
      'href',
      '/api/admin/estimate-catalog.json',
    );
    csv.addEventListener('click', (e) => e.preventDefault());
    await user.click(csv);
    expect(await screen.findByText('Download Started')).toBeInTheDocument();
  });

  const analyticsFailures = {
    401: { error: 'Please log in to continue', code: 'UNAUTHENTICATED' },
    403: { error: 'You do not have permission to do that', code: 'FORBIDDEN' },
    500: INTERNAL_ERROR,
  };
  it.each([
    [401, 'Session Expired'],
    [403, 'Access Denied - You do not have permission to view analytics.'],
    [500, 'Unable to Load Analytics'],
  ] as const)('analytics: a %i answer shows "%s"', async (status, text) => {
    openAdmin(
      {
        'GET /api/visits/count': { status, body: analyticsFailures[status] },
        'GET /api/visits/recent': { body: [] },
      },
      '/admin?tab=analytics',
    );
    expect(await screen.findByText(text)).toBeInTheDocument();
    if (status === 401) {
      expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
        'href',
        '/login?next=%2Fadmin',
      );
    }
  });

  it('analytics: total, chart, top pages, sources, browsers and recent visits', async () => {
    const visits = Array.from({ length: 25 }, (_, i) => ({
      id: `v${i}`,
      type: 'page_view',
      page: i % 2 ? '/login' : '/',
      label: null,
      referer: i % 3 ? null : 'https://www.google.com/search',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ipAddress: '127.0.0.1',
      userId: null,
      visitedAt: new Date(Date.UTC(2026, 2, 1 + (i % 3), 12)).toISOString(),
    }));
    openAdmin(
      {
        'GET /api/visits/count': { body: { totalVisits: 1234 } },
        'GET /api/visits/recent': { body: visits },
      },
      '/admin?tab=analytics',
    );
    expect(await screen.findByTestId('visits-chart')).toHaveAccessibleName(/25 visits over 3 days/);
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Traffic sources' })).getByText('Direct'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Browsers' })).getAllByRole('listitem')).toHaveLength(6);
    const recent = within(screen.getByRole('region', { name: 'Recent visits' }));
    expect(recent.getAllByRole('row')).toHaveLength(21);
  });
});

describe('cleanup', () => {
  it('says "No users selected" without a selection, then executes the chosen mode', async () => {
    let body: unknown;
    const { user } = renderApp({
      path: '/admin/cleanup',
      user: admin,
      routes: {
        'GET /api/admin/cleanup/preview': {
          body: {
            totalUsers: 1,
            users: [
              {
                id: 't1',
                email: 'test1@example.com',
                first_name: 'Test',
                last_name: 'One',
                role: 'customer',
                created_at: '2026-03-01T12:00:00.000Z',
                is_test: true,
                counts: { estimates: 2, messages: 1, posted_tasks: 0, conversations: 1 },
              },
            ],
          },
        },
        'POST /api/admin/cleanup/execute': (c) => {
          body = c.body;
          return {
            body: {
              mode: 'hard',
              userIds: ['t1'],
              results: [{ userId: 't1', status: 'deleted', mode: 'hard', reason: null }],
            },
          };
        },
      },
    });
    expect(await screen.findByText('1 user found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Execute Cleanup' }));
    expect(await screen.findAllByText('No users selected')).not.toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Select Test One' }));
    await user.click(screen.getByRole('radio', { name: /Hard delete/ }));
    await user.click(screen.getByRole('button', { name: 'Execute Cleanup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Execute Cleanup' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 1 user' }));
    expect(await screen.findByRole('heading', { name: 'Hard cleanup completed' })).toBeInTheDocument();
    expect(body).toEqual({ userIds: ['t1'], mode: 'hard' });
  });

  it('a failed execution toasts "Failed to execute cleanup"', async () => {
    const { user } = renderApp({
      path: '/admin/cleanup',
      user: admin,
      routes: {
        'GET /api/admin/cleanup/preview': {
          body: {
            totalUsers: 1,
            users: [
              {
                id: 't1',
                email: 'test1@example.com',
                first_name: 'Test',
                last_name: 'One',
                role: 'customer',
                created_at: '2026-03-01T12:00:00.000Z',
                is_test: true,
                counts: { estimates: 0, messages: 0, posted_tasks: 0, conversations: 0 },
              },
            ],
          },
        },
        'POST /api/admin/cleanup/execute': { status: 502 },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Test One' }));
    await user.click(screen.getByRole('button', { name: 'Execute Cleanup' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete 1 user' }),
    );
    expect(await screen.findByText('Failed to execute cleanup')).toBeInTheDocument();
    expect(screen.getByText('Cleanup failed.')).toBeInTheDocument();
  });
});

describe('all messages', () => {
  const message = (id: string, senderId: string, senderName: string, content: string): Message => ({
    id,
    estimateId: 'e1',
    estimateTitle: 'Kitchen Remodel - Kitchen',
    senderId,
    receiverId: senderId === 'c1' ? 'p1' : 'c1',
    content,
    read: true,
    readAt: null,
    isDeleted: false,
    createdAt: '2026-03-01T12:00:00.000Z',
    senderFirstName: senderName.split(' ')[0]!,
    senderName,
    senderRole: senderId === 'c1' ? 'customer' : 'provider',
  });
  const threads = {
    threads: [
      {
        estimateId: 'e1',
        task: 'Kitchen Remodel',
        finalEstimate: 2376,
        customerId: 'c1',
        customerName: 'Casey Jones',
        providerId: 'p1',
        providerName: 'Pat Builder',
        messages: [
          message('m1', 'p1', 'Pat Builder', 'I can start next week.'),
          message('m2', 'c1', 'Casey Jones', 'Great, see you then.'),
        ],
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
  };

  it('lists threads, searches on the server and opens a thread', async () => {
    const paths: string[] = [];
    const { user } = renderApp({
      path: '/admin/messages',
      user: admin,
      routes: {
        'GET /api/admin/messages': (c) => {
          paths.push(c.path);
          return { body: threads };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Message threads' });
    expect(list).toHaveClass('max-h-[600px]');
    // Counts read as words: one thread, two messages.
    expect(screen.getByText('1 thread')).toBeInTheDocument();
    expect(within(list).getByText(/^2 messages · /)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Kitchen Remodel/ }));
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getAllByRole('listitem')).toHaveLength(2);
    expect(messages).toHaveTextContent('Pat Builder (Service Provider)');
    expect(messages).toHaveTextContent('Great, see you then.');
    await user.type(screen.getByLabelText('Search threads'), 'casey');
    await waitFor(() => expect(paths.at(-1)).toContain('search=casey'));
  });

  it('says "Failed to fetch message threads" when the list cannot load', async () => {
    renderApp({
      path: '/admin/messages',
      user: admin,
      routes: { 'GET /api/admin/messages': { status: 500, body: INTERNAL_ERROR } },
    });
    expect((await screen.findAllByText('Failed to fetch message threads')).length).toBeGreaterThan(0);
  });

  it('shows "No messages yet." when there are no threads', async () => {
    renderApp({
      path: '/admin/messages',
      user: admin,
      routes: { 'GET /api/admin/messages': { body: { threads: [], total: 0, page: 1, pageSize: 20 } } },
    });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});

// The notification centre in the browser (decision 0043): the bell of every signed-in role with its live count,
// its panel, the /notifications page, the email choices per kind on /settings and the admin console's Mail tab.
// WebSocket is replaced by a scripted one (the server's /ws has its own tests with real sockets).
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  AdminMailList,
  Notification,
  NotificationList,
  NotificationPreferences,
} from '#domain/schemas/notification.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { currentPath, makeUser, renderApp, type RecordedCall } from '#web/test/render.tsx';
import { FakeSocket, installFakeSockets } from '#web/test/fake-socket.ts';

configure({ asyncUtilTimeout: 5000 });

installFakeSockets();

const customer = makeUser({ id: 'c1', firstName: 'Casey', lastName: 'Customer' });
const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', lastName: 'Lee' });
const admin = makeUser({ id: 'a1', role: 'admin', firstName: 'Ada', lastName: 'Admin' });

const note = (i: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `n${i}`,
  kind: 'bid_received',
  title: `Notification ${i}`,
  body: `Body ${i}`,
  link: `/estimates/e${i}`,
  actorName: 'Pat L.',
  estimateId: `e${i}`,
  projectId: null,
  jobId: null,
  priority: true,
  createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  read: false,
  ...overrides,
});

const list = (items: Notification[], over: Partial<NotificationList> = {}): NotificationList => ({
  items,
  total: items.length,
  unreadCount: items.filter((n) => !n.read).length,
  page: 1,
  pageSize: 10,
  ...over,
});

const query = (call: RecordedCall) => new URL(call.path, 'http://x').searchParams;

/** A light screen to hang the header on: the customer's (or provider's) jobs, empty. */
function openJobs(
  notifications: (call: RecordedCall) => { body: NotificationList },
  user = customer,
  extra: Record<string, unknown> = {},
) {
  return renderApp({
    path: '/jobs',
    user,
    routes: {
      'GET /api/jobs': { body: { items: [], total: 0 } },
      'GET /api/notifications': notifications,
      'POST /api/notifications/read': (call: RecordedCall) => ({
        body: { marked: 1, unreadCount: (call.body as { ids?: string[] }).ids ? 2 : 0 },
      }),
      ...extra,
    },
  });
}

const bell = () => screen.findByRole('button', { name: /^Notifications/ });

describe('the bell', { timeout: 20_000 }, () => {
  it('shows the unread count, announces it politely, and follows a realtime push', async () => {
    let unread = 3;
    openJobs(() => ({
      body: list([note(1), note(2), note(3)], { unreadCount: unread }),
    }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3');
    const live = screen.getByText('3 unread notifications');
    expect(live).toHaveAttribute('aria-live', 'polite');

    // A quote arrives while the page is open: the count the message carries shows at once.
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    unread = 4;
    FakeSocket.all[0]!.emit({ type: 'notifications', unreadCount: 4 });
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(live).toHaveTextContent('4 unread notifications');
    await expectNoAxeViolations();
  });

  it('reads the count again once the socket is ready: at the first connection and after a break', async () => {
    let unread = 1;
    openJobs(() => ({ body: list([note(1)], { unreadCount: unread }) }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    const ready = { type: 'ready', userId: customer.id, unreadCount: 0 } as const;
    // One arrives after the page read the list but before its socket was ready: the ready brings it.
    unread = 2;
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.emit(ready);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    // Two more arrive while the connection is down; the next connection brings them.
    unread = 4;
    act(() => FakeSocket.all[0]!.close());
    await waitFor(() => expect(FakeSocket.all.length).toBe(2));
    FakeSocket.all[1]!.open();
    FakeSocket.all[1]!.emit(ready);
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });

  it('is in the header of every signed-in role, and nobody is told of nothing', async () => {
    for (const who of [customer, provider, admin]) {
      const { unmount } = renderApp({
        path: '/notifications',
        user: who,
        routes: { 'GET /api/notifications': { body: list([]) } },
      });
      const button = await bell();
      expect(button).toHaveAccessibleName('Notifications');
      expect(screen.queryByTestId('notification-badge')).toBeNull();
      unmount();
    }
  });

  it('opens the latest ten with title, body, actor and time; Mark all as read clears the count', async () => {
    let items = Array.from({ length: 10 }, (_, i) => note(i + 1, { read: i >= 3 }));
    const { user, calls } = openJobs(() => ({ body: list(items, { total: 14 }) }), customer, {
      'POST /api/notifications/read': () => {
        items = items.map((n) => ({ ...n, read: true }));
        return { body: { marked: 3, unreadCount: 0 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    // Ten notifications and "See all notifications".
    expect(links).toHaveLength(11);
    expect(links[0]).toHaveTextContent('Notification 1 (unread)Body 1Pat L. · 1 minute ago');
    expect(links[5]).not.toHaveTextContent('(unread)');
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await expectNoAxeViolations();

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({}));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('opening one marks it read, closes the panel and goes to its screen', async () => {
    const { user, calls, location } = openJobs(() => ({
      body: list([note(1, { link: '/jobs/j7', jobId: 'j7', title: 'A start date proposed' }), note(2)]),
    }));
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(panel).getByRole('link', { name: /A start date proposed/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({ ids: ['n1'] }),
    );
    expect(currentPath(location)).toBe('/jobs/j7');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('says when there is nothing, and offers Try again when the list fails', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/jobs',
      user: customer,
      routes: {
        'GET /api/jobs': { body: { items: [], total: 0 } },
        'GET /api/notifications': () => (fail ? { status: 500, body: INTERNAL_ERROR } : { body: list([]) }),
      },
    });
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Failed to load notifications.')).toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(
      await within(panel).findByText(
        'No notifications yet. What happens on your estimates, bids and jobs will appear here.',
      ),
    ).toBeInTheDocument();
  });
});

describe('/notifications', { timeout: 20_000 }, () => {
  /** 25 notifications, 20 a page, the first three unread; none unread once asked for unread only. */
  function openPage(opts: { failFirst?: boolean } = {}) {
    let failing = opts.failFirst ?? false;
    const all = Array.from({ length: 25 }, (_, i) => note(i + 1, { read: i >= 3 }));
    return renderApp({
      path: '/notifications',
      user: provider,
      routes: {
        'GET /api/notifications': (call: RecordedCall) => {
          const q = query(call);
          const pageSize = Number(q.get('pageSize'));
          if (pageSize === 20 && failing) {
            failing = false;
            return { status: 500, body: INTERNAL_ERROR };
          }
          const page = Number(q.get('page') ?? 1);
          const rows = q.get('unread') === 'true' ? [] : all;
          return {
            body: {
              items: rows.slice((page - 1) * pageSize, page * pageSize),
              total: rows.length,
              unreadCount: 3,
              page,
              pageSize,
            },
          };
        },
        'POST /api/notifications/read': { body: { marked: 3, unreadCount: 0 } },
      },
    });
  }

  const pageCalls = (calls: RecordedCall[]) =>
    calls.filter((c) => c.path.startsWith('/api/notifications?') && query(c).get('pageSize') === '20');

  it('pages through every notification, 20 at a time from the server', async () => {
    const { user, calls } = openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const listBox = await screen.findByRole('list', { name: 'All notifications' });
    expect(within(listBox).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Showing 1 to 20 of 25 notifications')).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 25 of 25 notifications')).toBeInTheDocument();
    expect(query(pageCalls(calls).at(-1)!).get('page')).toBe('2');
    expect(
      within(screen.getByRole('list', { name: 'All notifications' })).getAllByRole('listitem'),
    ).toHaveLength(5);
  });

  it('filters to the unread ones (page 1 again) and says when there are none', async () => {
    const { user, calls } = openPage();
    await screen.findByText('Showing 1 to 20 of 25 notifications');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 21 to 25 of 25 notifications');
    const unreadButton = screen.getByRole('button', { name: 'Unread (3)' });
    expect(unreadButton).toHaveAttribute('aria-pressed', 'false');
    await user.click(unreadButton);
    expect(await screen.findByText('No unread notifications.')).toBeInTheDocument();
    expect(unreadButton).toHaveAttribute('aria-pressed', 'true');
    const last = query(pageCalls(calls).at(-1)!);
    expect([last.get('unread'), last.get('page')]).toEqual(['true', '1']);
    await expectNoAxeViolations();
  });

  it('marks all as read', async () => {
    const { user, calls } = openPage();
    const main = await screen.findByRole('main');
    await user.click(await within(main).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({}));
  });

  it('shows the failure with Try again', async () => {
    const { user } = openPage({ failFirst: true });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Failed to load notifications.')).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1 to 20 of 25 notifications')).toBeInTheDocument();
  });
});

describe('/settings: email per kind', { timeout: 20_000 }, () => {
  const prefs: NotificationPreferences = {
    email: { estimate_posted: 'hourly', estimate_edited: 'daily', bid_accepted: 'immediately' },
    choices: {
      estimate_posted: ['immediately', 'hourly', 'daily', 'off'],
      estimate_edited: ['immediately', 'daily', 'off'],
      bid_accepted: ['immediately', 'daily', 'off'],
    },
  };

  it('lists the kinds with their choices, saves only the changed one, and says so', async () => {
    const { user, calls } = renderApp({
      path: '/settings',
      user: provider,
      routes: {
        'GET /api/notifications/preferences': { body: prefs },
        'PUT /api/notifications/preferences': {
          body: { ...prefs, email: { ...prefs.email, estimate_edited: 'off' } },
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(section.closest('#notifications')).not.toBeNull();
    expect(within(section).getByText(/In-app notifications are always on/)).toBeInTheDocument();
    const newWork = await within(section).findByRole('combobox', { name: 'New work in your categories' });
    expect(newWork).toHaveValue('hourly');
    expect(
      within(newWork)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Immediately', 'At most hourly', 'Daily digest', 'Off']);
    const edited = within(section).getByRole('combobox', { name: 'A job you bid on was edited' });
    expect(within(edited).queryByRole('option', { name: 'At most hourly' })).toBeNull();
    await expectNoAxeViolations(section);

    await user.selectOptions(edited, 'off');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: { estimate_edited: 'off' } }),
    );
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(edited).toHaveValue('off');
  });

  it('puts the saved choice back when saving fails', async () => {
    const { user } = renderApp({
      path: '/settings',
      user: provider,
      routes: {
        'GET /api/notifications/preferences': { body: prefs },
        'PUT /api/notifications/preferences': { status: 500, body: INTERNAL_ERROR },
      },
    });
    const edited = await screen.findByRole('combobox', { name: 'A job you bid on was edited' });
    await user.selectOptions(edited, 'off');
    expect(await screen.findByText('Failed to update notification settings')).toBeInTheDocument();
    await waitFor(() => expect(edited).toHaveValue('daily'));
  });
});

describe('admin console: Mail', { timeout: 20_000 }, () => {
  const failed: AdminMailList = {
    items: [
      {
        id: 'm1',
        to: 'casey@example.com',
        subject: 'A new quote on Kitchen Remodel',
        kind: 'bid_received',
        status: 'failed',
        attempts: 9,
        lastError: '550 Mailbox unavailable',
        createdAt: '2026-11-20T14:05:00.000Z',
        sentAt: null,
        nextAttemptAt: null,
      },
      {
        id: 'm2',
        to: 'pat@example.com',
        subject: 'Your daily HomeFix digest',
        kind: 'daily',
        status: 'failed',
        attempts: 9,
        lastError: '421 Try again later',
        createdAt: '2026-11-20T08:00:00.000Z',
        sentAt: null,
        nextAttemptAt: null,
      },
    ],
    total: 22,
    page: 1,
    pageSize: 20,
  };

  it('lists failed mail by default, pages, and filters by status', async () => {
    const { user, calls } = renderApp({
      path: '/admin?tab=mail',
      user: admin,
      routes: {
        'GET /api/admin/mail': (call: RecordedCall) => {
          const q = query(call);
          if (q.get('status') !== 'failed') return { body: { items: [], total: 0, page: 1, pageSize: 20 } };
          return { body: { ...failed, page: Number(q.get('page')) } };
        },
      },
    });
    expect(await screen.findByRole('tab', { name: 'Mail', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /casey@example.com/ });
    expect(row).toHaveTextContent('A new quote on Kitchen Remodel');
    expect(row).toHaveTextContent('A bid or quote received');
    expect(row).toHaveTextContent('9');
    expect(row).toHaveTextContent('550 Mailbox unavailable');
    expect(within(table).getByRole('row', { name: /pat@example.com/ })).toHaveTextContent('Daily digest');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/mail?status=failed&page=2'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    expect(await screen.findByText('No pending mail.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/admin/mail')).at(-1)?.path).toBe(
      '/api/admin/mail?status=pending&page=1',
    );
  });

  it('says when no mail failed', async () => {
    renderApp({
      path: '/admin?tab=mail',
      user: admin,
      routes: { 'GET /api/admin/mail': { body: { items: [], total: 0, page: 1, pageSize: 20 } } },
    });
    expect(await screen.findByText('No failed mail.')).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});

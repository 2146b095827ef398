// Authorization rows of src/server/modules/notifications: every signed-in person's own notifications, their email
// choices and the old switch (customers, providers and admins alike; anonymous callers and a deleted account's old
// cookie 401); the admins' Mail view; and the unsubscribe link's pages, public by design: the signed token is the
// proof, so anyone holding customerA's link (every actor here) may use it, and it acts on customerA alone.
import { notificationSettings } from '#server/db/schema/index';
import { newUnsubscribeKey, signUnsubscribe } from '#server/modules/notifications';
import { adminOnly, everyone, signedIn, type Row, type RowContext } from './table.ts';

/** customerA's unsubscribe token for one kind, signed with a key stored for them (made on first use). */
async function tokenOfA({ app, actors }: RowContext, scope: 'bid_received' | 'quote_revised') {
  const userId = actors.users.customerA.id;
  const [row] = await app.ctx.db
    .insert(notificationSettings)
    .values({ userId, unsubscribeKey: newUnsubscribeKey() })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { userId } })
    .returning({ key: notificationSettings.unsubscribeKey });
  return signUnsubscribe({ userId, scope }, row!.key!);
}

export const notificationsRows: Row[] = [
  { route: 'GET /api/notifications', expect: signedIn() },
  {
    route: 'POST /api/notifications/read',
    request: () => ({ payload: {} }),
    note: "without ids: marks all of the caller's own unread ones",
    expect: signedIn(),
  },
  { route: 'GET /api/notifications/settings', expect: signedIn() },
  {
    route: 'PUT /api/notifications/settings',
    request: () => ({ payload: { emailNotifications: true } }),
    expect: signedIn(),
  },
  { route: 'GET /api/notifications/preferences', expect: signedIn() },
  {
    route: 'PUT /api/notifications/preferences',
    request: ({ actor }) => ({
      payload: {
        email:
          actor === 'providerWithAccess' || actor === 'providerFree'
            ? { bid_accepted: 'daily' }
            : actor === 'admin'
              ? {}
              : { bid_received: 'daily' },
      },
    }),
    note: 'each role names a kind of its own; an admin has none and changes nothing',
    expect: signedIn(),
  },
  { route: 'GET /api/admin/mail', expect: adminOnly() },
  {
    route: 'GET /unsubscribe',
    request: async (ctx) => ({ query: { token: await tokenOfA(ctx, 'bid_received') } }),
    expect: everyone('ok'),
  },
  {
    route: 'POST /unsubscribe',
    request: async (ctx) => ({
      query: { token: await tokenOfA(ctx, 'bid_received') },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click' as unknown as object,
    }),
    expect: everyone('ok'),
  },
  {
    route: 'POST /unsubscribe/undo',
    request: async (ctx) => ({
      query: { token: await tokenOfA(ctx, 'quote_revised') },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'restore=quote_revised:immediately' as unknown as object,
    }),
    expect: everyone('ok'),
  },
];

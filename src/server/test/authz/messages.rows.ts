// Authorization rows of src/server/modules/messaging. Every call is for signed-in users; what each one reads is
// their own side of a conversation. The fixture is customerA's posted kitchen estimate with a message from
// providerWithAccess (made once per app, posted last month). A plain GET /ws (no upgrade) answers 404 to the signed-in; the socket
// itself (cookie, Origin, forged userId) is tested in src/server/modules/messaging/messaging.ws.test.ts.
import type { BuiltApp } from '#server/app';
import { messages } from '#server/db/schema/index';
import { makeEstimate } from '#server/test/factories';
import { FIXTURE_CATEGORY, type ActorName, type Actors } from './actors.ts';
import { adminOnly, signedIn, type Expectation, type Row } from './table.ts';

interface Conversation {
  estimateId: string;
  messageId: string;
}

const made = new WeakMap<BuiltApp, Promise<Conversation>>();

function fixtureConversation(app: BuiltApp, actors: Actors): Promise<Conversation> {
  let found = made.get(app);
  if (!found) {
    found = (async () => {
      const { db, now } = app.ctx;
      // Posted last month, so that it does not use up customerA's posted-per-month allowance (the estimates
      // rows post as them).
      const estimate = await makeEstimate(db, actors.users.customerA, {
        category: FIXTURE_CATEGORY,
        status: 'posted',
        title: 'Matrix conversation',
        now: new Date(now().getTime() - 40 * 86_400_000),
      });
      const [row] = await db
        .insert(messages)
        .values({
          estimateId: estimate.id,
          senderId: actors.users.providerWithAccess.id,
          receiverId: actors.users.customerA.id,
          content: 'I can do this kitchen',
        })
        .returning();
      if (!row) throw new Error('fixture message not made');
      return { estimateId: estimate.id, messageId: row.id };
    })();
    made.set(app, found);
  }
  return found;
}

/** Who each actor writes to or reads with: customerA (the owner) with the provider, everyone else with the owner. */
const otherOf = (actor: ActorName, actors: Actors) =>
  actor === 'customerA' ? actors.users.providerWithAccess.id : actors.users.customerA.id;

/** The two parties and admins may read a conversation; everyone else signed in gets 404. */
const parties: Expectation = {
  ...signedIn(),
  customerB: 404,
  providerFree: 404,
  expiredAdmin: 404,
};

export const messagesRows: Row[] = [
  {
    route: 'POST /api/messages',
    request: async ({ app, actors, actor }) => ({
      payload: {
        estimateId: (await fixtureConversation(app, actors)).estimateId,
        receiverId: otherOf(actor, actors),
        content: 'Matrix message: I can help with this.',
      },
    }),
    note: 'the owner replies, the provider with access writes, admins write to anyone; others have no reason (403)',
    expect: { ...signedIn(), customerB: 403, providerFree: 403, expiredAdmin: 403 },
  },
  { route: 'GET /api/messages', expect: signedIn() },
  { route: 'GET /api/messages/unread-count', expect: signedIn() },
  {
    route: 'GET /api/messages/:estimateId/:userId',
    request: async ({ app, actors, actor }) => ({
      url: `/api/messages/${(await fixtureConversation(app, actors)).estimateId}/${otherOf(actor, actors)}`,
    }),
    note: 'admins and a provider with access see the (possibly empty) thread they may start; others 404',
    expect: parties,
  },
  {
    route: 'GET /api/messages/conversation/:estimateId',
    request: async ({ app, actors }) => ({
      url: `/api/messages/conversation/${(await fixtureConversation(app, actors)).estimateId}`,
    }),
    expect: parties,
  },
  {
    route: 'GET /api/messages/estimate/:id',
    request: async ({ app, actors }) => ({
      url: `/api/messages/estimate/${(await fixtureConversation(app, actors)).estimateId}`,
    }),
    expect: parties,
  },
  {
    route: 'PATCH /api/messages/mark-read',
    request: async ({ app, actors }) => ({
      payload: { messageIds: [(await fixtureConversation(app, actors)).messageId] },
    }),
    note: 'anyone may call it; only the receiver’s own messages change (messaging.test.ts)',
    expect: signedIn(),
  },
  {
    route: 'DELETE /api/messages/:id',
    request: async ({ app, actors }) => {
      const { estimateId } = await fixtureConversation(app, actors);
      const [row] = await app.ctx.db
        .insert(messages)
        .values({
          estimateId,
          senderId: actors.users.providerWithAccess.id,
          receiverId: actors.users.customerA.id,
          content: 'To delete',
        })
        .returning();
      return { url: `/api/messages/${row?.id}` };
    },
    note: 'only the sender deletes; the receiver gets 403, anyone else 404 (admins too: users delete their own)',
    expect: {
      ...signedIn(),
      customerA: 403,
      customerB: 404,
      providerFree: 404,
      admin: 404,
      expiredAdmin: 404,
    },
  },
  { route: 'GET /api/admin/messages', expect: adminOnly() },
  {
    route: 'GET /ws',
    note: 'without an upgrade the socket route answers 404 to the signed-in (the socket has its own tests)',
    expect: {
      ...signedIn(),
      customerA: 404,
      customerB: 404,
      providerWithAccess: 404,
      providerFree: 404,
      admin: 404,
      expiredAdmin: 404,
    },
  },
];

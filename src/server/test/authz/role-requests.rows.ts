// Authorization rows of src/server/modules/role-requests: any signed-in user asks for another role and reads
// their own requests; only an admin lists and reviews them. The reviewed request belongs to a throwaway
// account, fresh for every call, so no actor's role changes.
import { roleRequests } from '#server/db/schema/index';
import { makeCustomer } from '#server/test/factories';
import { otherRole } from './accounts.rows.ts';
import { adminOnly, signedIn, type Row } from './table.ts';

export const roleRequestsRows: Row[] = [
  {
    route: 'POST /api/role-requests',
    request: (ctx) => ({ payload: { requestedRole: otherRole(ctx), reason: 'Authorization matrix' } }),
    expect: signedIn(),
  },
  { route: 'GET /api/role-requests', expect: signedIn() },
  { route: 'GET /api/admin/role-requests', expect: adminOnly() },
  {
    route: 'PUT /api/admin/role-requests/:id',
    request: async ({ app }) => {
      const { db, now } = app.ctx;
      const owner = await makeCustomer(db);
      const [request] = await db
        .insert(roleRequests)
        .values({ userId: owner.id, requestedRole: 'provider', reason: 'matrix', requestedAt: now() })
        .returning();
      return {
        url: `/api/admin/role-requests/${request!.id}`,
        payload: { status: 'denied', adminComment: 'matrix' },
      };
    },
    expect: adminOnly(),
  },
];

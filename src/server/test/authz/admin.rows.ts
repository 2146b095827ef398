// Authorization rows of src/server/modules/admin: every call is the admin's; customers, providers and an expired
// admin (who acts as a customer) get 403, anonymous callers and a deleted account's old cookie 401. Rows that
// change or delete a user act on a throwaway account made for that call, so no actor changes.
import { makeCustomer } from '#server/test/factories';
import type { RowContext } from './table.ts';
import { adminOnly, type Row } from './table.ts';

const throwaway = async ({ app }: RowContext) => makeCustomer(app.ctx.db, { firstName: 'Matrix' });

export const adminRows: Row[] = [
  {
    route: 'GET /api/admin/users',
    request: () => ({ query: { search: 'a', role: 'customer', createdAfter: '2020-01-01' } }),
    expect: adminOnly(),
  },
  {
    route: 'GET /api/admin/users/preview',
    request: ({ actors }) => ({ query: { ids: actors.users.customerA.id } }),
    expect: adminOnly(),
  },
  {
    route: 'DELETE /api/admin/users/bulk',
    request: async (ctx) => ({ payload: { userIds: [(await throwaway(ctx)).id], mode: 'soft' } }),
    expect: adminOnly(),
  },
  {
    route: 'GET /api/admin/users/:id',
    request: ({ actors }) => ({ url: `/api/admin/users/${actors.users.customerA.id}` }),
    expect: adminOnly(),
  },
  {
    route: 'PUT /api/admin/users/:id',
    request: async (ctx) => {
      const u = await throwaway(ctx);
      return {
        url: `/api/admin/users/${u.id}`,
        payload: { firstName: 'Edited', lastName: 'ByMatrix', email: u.email, role: 'customer' },
      };
    },
    expect: adminOnly(),
  },
  {
    route: 'PUT /api/admin/users/:id/role',
    request: async (ctx) => ({
      url: `/api/admin/users/${(await throwaway(ctx)).id}/role`,
      payload: { role: 'provider' },
    }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/users/:id/sign-out',
    request: async (ctx) => ({ url: `/api/admin/users/${(await throwaway(ctx)).id}/sign-out` }),
    expect: adminOnly(),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    request: async (ctx) => ({
      url: `/api/admin/users/${(await throwaway(ctx)).id}`,
      query: { mode: 'soft' },
    }),
    expect: adminOnly(),
  },
  {
    route: 'GET /api/admin/logs',
    request: () => ({ query: { actionType: 'Delete User' } }),
    expect: adminOnly(),
  },
  { route: 'GET /api/admin/estimate-catalog.csv', expect: adminOnly() },
  { route: 'GET /api/admin/estimate-catalog.json', expect: adminOnly() },
  { route: 'GET /api/admin/cleanup/preview', expect: adminOnly() },
  {
    route: 'POST /api/admin/cleanup/execute',
    request: async (ctx) => ({ payload: { userIds: [(await throwaway(ctx)).id], mode: 'soft' } }),
    expect: adminOnly(),
  },
];

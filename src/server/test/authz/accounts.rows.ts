// Authorization rows of src/server/modules/accounts and users: the signed-in user's own profile, settings and
// account cancel, and the first-name-and-role view of other users. Rows that change the caller's account
// restore every actor first (restore.ts).
import { actorRole } from './actors.ts';
import { restoring } from './restore.ts';
import { everyone, onlyRoles, ownerOnly, signedIn, type Row, type RowContext } from './table.ts';

const names = ({ user }: RowContext) => ({
  firstName: user?.firstName ?? 'Anon',
  lastName: user?.lastName ?? 'Ymous',
});

const businessProfile = (ctx: RowContext) => ({
  ...names(ctx),
  companyName: 'Matrix Repairs LLC',
  description: 'We fix kitchens and bathrooms.',
  phone: '555-0100',
  city: 'Jacksonville',
  state: 'FL',
  zipCode: '32202',
});

export const accountsRows: Row[] = [
  { route: 'GET /api/profile', expect: signedIn() },
  {
    route: 'GET /api/profile/categories',
    note: 'public: the sign-up form reads the catalogue here',
    expect: everyone('ok'),
  },
  {
    route: 'PUT /api/profile/customer',
    request: restoring((ctx) => ({ payload: names(ctx) })),
    note: 'customers and admins; a provider edits the business profile instead',
    expect: onlyRoles('customer', 'admin'),
  },
  {
    route: 'PUT /api/profile/provider',
    request: restoring((ctx) => ({ payload: businessProfile(ctx) })),
    expect: onlyRoles('provider'),
  },
  { route: 'GET /api/provider/profile', expect: onlyRoles('provider') },
  {
    route: 'PATCH /api/provider/profile',
    request: restoring((ctx) => ({ payload: names(ctx) })),
    expect: onlyRoles('provider'),
  },
  { route: 'GET /api/user/settings', expect: signedIn() },
  {
    route: 'POST /api/user/settings',
    request: restoring(() => ({ payload: { messageLimit: 10 } })),
    expect: signedIn(),
  },
  {
    route: 'POST /api/account/cancel',
    request: restoring(),
    note: 'closes the caller own account; the next call restores it',
    expect: signedIn(),
  },
  {
    route: 'GET /api/users/:id',
    request: ({ actors }) => ({ url: `/api/users/${actors.users.customerA.id}` }),
    note: "customerA's first name and role: to customerA and admins; to others 404 until they share a conversation or estimate",
    expect: { ...ownerOnly(), admin: 'ok' },
  },
  {
    route: 'GET /api/users',
    request: ({ actors }) => ({ query: { ids: actors.users.customerA.id } }),
    note: 'a list: the ids the caller may not see are left out, so every signed-in caller gets 200',
    expect: signedIn(),
  },
];

/** A role other than the one the actor acts with. */
export const otherRole = (ctx: RowContext) =>
  actorRole[ctx.actor] === 'provider' ? ('customer' as const) : ('provider' as const);

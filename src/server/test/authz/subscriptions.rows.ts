// Authorization rows of src/server/modules/subscriptions: any signed-in user changes their own plan (customers
// and admins on the customer plans, providers on the provider plans). Each call restores every actor first
// (restore.ts), so a plan chosen here never outlives the row. providerWithAccess is already on deluxe, the top
// self-selectable plan: its call is made as a paid starter upgrading to deluxe.
import { updateUser } from '#server/modules/users';
import { actorRole } from './actors.ts';
import { restoring } from './restore.ts';
import { signedIn, type Row } from './table.ts';

export const subscriptionsRows: Row[] = [
  {
    route: 'POST /api/subscription/change',
    request: restoring(async ({ app, actor, user }) => {
      if (actor === 'providerWithAccess' && user) {
        await updateUser(app.ctx.db, user.id, { subscriptionPlan: 'starter' });
      }
      const plan =
        actor === 'providerWithAccess' ? 'deluxe' : actorRole[actor] === 'provider' ? 'starter' : 'premium';
      return { payload: { plan } };
    }),
    expect: signedIn(),
  },
];

// Authorization rows of src/server/modules/subscriptions: any signed-in user changes their own plan (customers
// and admins on the customer plans, providers on the provider plans); the trial, category and upgrade routes
// are for providers. Each call restores every actor first
// (restore.ts), so a plan chosen here never outlives the row. providerWithAccess is already on deluxe, the top
// self-selectable plan: its call is made as a paid starter upgrading to deluxe.
import { updateUser } from '#server/modules/users';
import { actorRole } from './actors.ts';
import { restoring } from './restore.ts';
import { onlyRoles, signedIn, type Row } from './table.ts';

const planChange = restoring(async ({ app, actor, user }) => {
  if (actor === 'providerWithAccess' && user) {
    await updateUser(app.ctx.db, user.id, { subscriptionPlan: 'starter' });
  }
  const plan =
    actor === 'providerWithAccess' ? 'deluxe' : actorRole[actor] === 'provider' ? 'starter' : 'premium';
  return { payload: { plan } };
});

export const subscriptionsRows: Row[] = [
  { route: 'POST /api/subscription', request: planChange, expect: signedIn() },
  { route: 'POST /api/subscription/change', request: planChange, expect: signedIn() },
  { route: 'GET /api/trial/status', expect: onlyRoles('provider') },
  {
    route: 'POST /api/trial/update-tasks',
    // providerWithAccess is put on a running deluxe trial first; providerFree has no trial to edit.
    request: restoring(async ({ app, actor, user }) => {
      if (actor === 'providerWithAccess' && user) {
        await updateUser(app.ctx.db, user.id, {
          subscriptionExpiryDate: null,
          trialEndDate: new Date(app.ctx.now().getTime() + 3 * 86_400_000),
        });
      }
      return { payload: { taskIds: ['painting'] } };
    }),
    expect: { ...onlyRoles('provider'), providerFree: 403 },
    note: 'Tasks change during a running trial only: a free provider has none (403).',
  },
  { route: 'GET /api/provider/categories', expect: onlyRoles('provider') },
  {
    route: 'POST /api/provider/upgrade-subscription',
    // providerWithAccess upgrades from a paid starter; providerFree's first selection starts its trial.
    request: restoring(async ({ app, actor, user }) => {
      if (actor === 'providerWithAccess' && user) {
        await updateUser(app.ctx.db, user.id, { subscriptionPlan: 'starter' });
      }
      return {
        payload: {
          newPlan: 'deluxe',
          selectedCategory: 'home-repair',
          additionalTasks: ['painting', 'hvac'],
        },
      };
    }),
    expect: onlyRoles('provider'),
  },
];

// What the Users tab's role select asks before it changes a role: the question and what else changes with it, as
// the server does it (PUT /api/admin/users/{id}/role). The server sets the role, clears an admin's end date and
// keeps the stored plan and tasks; what applies is read from the role in force: a provider's plan and tasks only
// while they are a provider (and the plan's paid or trial period runs), the admin tools only for an admin.
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import type { Role } from '#domain/permissions';

const roleNames: Record<Role, string> = {
  customer: 'Customer',
  provider: 'Service Provider',
  admin: 'Admin',
};
const withArticle: Record<Role, string> = {
  customer: 'a Customer',
  provider: 'a Service Provider',
  admin: 'an Admin',
};
const providerPlans: Record<string, string> = {
  starter: 'Starter',
  deluxe: 'Deluxe',
  enterprise: 'Enterprise',
};

export interface RoleChangeQuestion {
  title: string;
  /** What else changes, one sentence each. */
  consequences: string[];
}

type Who = Pick<AdminUser, 'id' | 'firstName' | 'lastName' | 'role' | 'subscriptionPlan' | 'adminExpiresAt'>;

export function roleChangeQuestion(user: Who, to: Role, myId: string | undefined): RoleChangeQuestion {
  const self = user.id === myId;
  const name = `${user.firstName} ${user.lastName}`.trim() || 'This user';
  const [They, they] = self ? ['You', 'you'] : [name, 'they'];
  const loses = self ? 'lose' : 'loses';
  const title = self
    ? `Make yourself ${withArticle[to]}?`
    : `Change ${name} from ${roleNames[user.role]} to ${roleNames[to]}?`;
  const plan = providerPlans[user.subscriptionPlan];
  const out: string[] = [];

  if (user.role === 'admin') {
    out.push(`${They} ${loses} the Admin Panel and every admin tool at once.`);
    if (user.adminExpiresAt) out.push('The admin end date is cleared.');
  }
  if (user.role === 'provider') {
    out.push(
      `${They} ${loses} ${plan ? `the ${plan} plan and the chosen tasks` : 'the chosen tasks'}: no more posted work or bids.`,
    );
    out.push(
      plan
        ? `Both stay on the account and apply again if ${they} are made a Service Provider again while the plan’s period runs.`
        : `The tasks stay on the account and apply again if ${they} are made a Service Provider again.`,
    );
  }
  if (to === 'provider') {
    out.push(
      plan
        ? `As a Service Provider, the ${plan} plan on the account applies again if its period has not ended; otherwise posted work stays closed until a plan is chosen.`
        : `As a Service Provider, ${they} start without a plan: posted work stays closed until a plan is chosen on the Subscription page.`,
    );
    if (user.subscriptionPlan === 'premium')
      out.push('The customer Premium plan does not apply to a Service Provider.');
  }
  if (to === 'admin') {
    out.push(
      `${They} get${self ? '' : 's'} the Admin Panel and every admin tool (users, role requests, audit log, exports, cleanup) with no end date.`,
    );
  }
  if (self && user.role === 'admin') out.push('You leave this page at once.');
  out.push('The change is recorded in the audit log.');
  return { title, consequences: out };
}

// Plan changes for both audiences, under the rules of src/domain/plans.ts:
// - providers: starter and deluxe are self-selected; the first selection of a free provider who never had a
//   trial starts the account's one 7-day trial; enterprise goes through sales; the current or a lower plan is
//   refused (downgrades are not offered); a trial or paid period that ended counts as free;
// - customers (and admins, who use the customer plans): premium starts with the 7-day trial once per account,
//   afterwards it is paid; going back to free takes effect at once.
// A paid selection charges through the payment processor (simulated) and runs 30 days.
import {
  DEFAULT_RENEWAL_DAYS,
  customerPlanIds,
  customerPlans,
  effectiveCustomerPlan,
  effectiveProviderPlan,
  mustChooseTask,
  providerPlanIds,
  providerPlans,
  selectProviderPlan,
  taskLimitFor,
  tasksForPlan,
  trialEndFrom,
  trialStatus,
  type CustomerPlanId,
  type ProviderPlanId,
} from '#domain/plans';
import { addDays } from '#domain/dates';
import { findSignupCategory, signupCategories } from '#domain/catalog/signup';
import {
  CONTACT_SALES_MESSAGE,
  STARTER_TASK_MESSAGE,
  TRIAL_ONLY_MESSAGE,
  UNKNOWN_TASK_MESSAGE,
} from '#domain/schemas/subscription.schema';
import { effectiveRole } from '#domain/permissions';
import type { AppContext } from '#server/context';
import { AppError, forbidden, unauthenticated } from '#server/errors';
import { securityEvent, type RequestOrigin } from '#server/lib/security-log';
import * as users from '#server/modules/users';
import type { UserPatch, UserRow } from '#server/modules/users';
import { simulatedPayments, type PaymentProcessor } from './payments.ts';

export const subscriptionMessages = {
  updated: 'Subscription updated successfully!',
  contactSales: CONTACT_SALES_MESSAGE,
  samePlan: (name: string) => `You are already on the ${name} plan.`,
  lowerPlan: (name: string) =>
    `Your current plan already includes everything in ${name}. Downgrades are not offered.`,
  freeForProvider: 'Providers cannot select the Free plan.',
  providerOnly: 'This plan is only available to service providers.',
  customerOnly: 'This plan is only available to customers.',
  paymentFailed: 'The payment did not go through. Your plan has not changed.',
} as const;

export interface PlanChange {
  user: UserRow;
  trialStarted: boolean;
}

const isProviderPlan = (p: string): p is ProviderPlanId => (providerPlanIds as readonly string[]).includes(p);
const isCustomerPlan = (p: string): p is CustomerPlanId => (customerPlanIds as readonly string[]).includes(p);

const bad = (message: string) => new AppError('BAD_REQUEST', message, { plan: message });

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

export function createSubscriptionService(
  ctx: Pick<AppContext, 'db' | 'now' | 'events'>,
  payments: PaymentProcessor = simulatedPayments,
) {
  const { db, now } = ctx;

  /** The columns a provider's selection writes, or the refusal. */
  function providerChange(u: UserRow, plan: string, t: Date): { patch: UserPatch; charge: number | null } {
    if (!isProviderPlan(plan)) throw bad(subscriptionMessages.customerOnly);
    const current = effectiveProviderPlan(u, t);
    if (plan === current) throw bad(subscriptionMessages.samePlan(providerPlans[plan].name));
    if (plan === 'free') throw bad(subscriptionMessages.freeForProvider);
    // The plan in force decides: a lapsed trial or paid period is free, so its plan may be bought again.
    const selection = selectProviderPlan({ ...u, subscriptionPlan: current }, plan, t);
    if (!selection.ok) {
      throw bad(
        selection.reason === 'contact-sales'
          ? subscriptionMessages.contactSales
          : subscriptionMessages.lowerPlan(providerPlans[plan].name),
      );
    }
    const base = {
      subscriptionPlan: selection.subscriptionPlan,
      hasUsedTrial: selection.hasUsedTrial,
      trialEndDate: selection.trialEndDate,
    };
    if (selection.trialStarted) return { patch: { ...base, subscriptionExpiryDate: null }, charge: null };
    // An upgrade during a running trial stays a trial of the higher plan until the same end date.
    const trialRunning =
      u.subscriptionExpiryDate === null && selection.trialEndDate !== null && selection.trialEndDate > t;
    if (trialRunning) return { patch: base, charge: null };
    return {
      patch: { ...base, subscriptionExpiryDate: addDays(t, DEFAULT_RENEWAL_DAYS) },
      charge: providerPlans[plan].priceCents ?? 0,
    };
  }

  function customerChange(u: UserRow, plan: string, t: Date): { patch: UserPatch; charge: number | null } {
    if (!isCustomerPlan(plan)) throw bad(subscriptionMessages.providerOnly);
    const current = effectiveCustomerPlan(u, t);
    if (plan === current) throw bad(subscriptionMessages.samePlan(customerPlans[plan].name));
    if (plan === 'free') {
      return { patch: { subscriptionPlan: 'free', subscriptionExpiryDate: null }, charge: null };
    }
    if (!u.hasUsedTrial) {
      return {
        patch: {
          subscriptionPlan: 'premium',
          hasUsedTrial: true,
          trialEndDate: trialEndFrom(t),
          subscriptionExpiryDate: null,
        },
        charge: null,
      };
    }
    return {
      patch: { subscriptionPlan: 'premium', subscriptionExpiryDate: addDays(t, DEFAULT_RENEWAL_DAYS) },
      charge: customerPlans.premium.priceCents,
    };
  }

  return {
    /**
     * Changes the user's plan. The row is locked for the change, so two parallel requests cannot both start
     * the one trial. Throws 400 with the reason when the plan may not be chosen.
     */
    async changePlan(
      userId: string,
      plan: string,
      from: RequestOrigin,
      selection?: UserPatch,
    ): Promise<PlanChange> {
      const t = now();
      let fromPlan = '';
      const result = await db.transaction(async (tx) => {
        const u = await users.lockActiveUserById(tx, userId);
        if (!u) throw unauthenticated();
        fromPlan = u.subscriptionPlan;
        const provider = effectiveRole(u, t) === 'provider';
        if (selection && !provider) throw forbidden(subscriptionMessages.providerOnly);
        const change = provider ? providerChange(u, plan, t) : customerChange(u, plan, t);
        if (selection) change.patch = { ...change.patch, ...selection };
        if (provider) {
          // The new plan keeps only the tasks it allows (starter: the first), as sign-up does.
          const tasks = change.patch.selectedTasks ?? u.selectedTasks;
          change.patch.selectedTasks = tasksForPlan(
            change.patch.subscriptionPlan ?? u.subscriptionPlan,
            tasks,
          );
        }
        if (change.charge !== null && change.charge > 0) {
          try {
            await payments.charge({ userId, plan, amountCents: change.charge });
          } catch {
            throw new AppError('BAD_REQUEST', subscriptionMessages.paymentFailed);
          }
        }
        const updated = await users.updateUser(tx, userId, change.patch);
        if (!updated) throw unauthenticated();
        const trialStarted =
          change.patch.hasUsedTrial === true && !u.hasUsedTrial && change.patch.trialEndDate != null;
        return { user: updated, trialStarted };
      });
      // A provider's plan puts the public page in the directory and the sitemap, featured or not (decision 0046).
      if (result.user.role === 'provider') {
        await ctx.events.publish(db, 'publicPageChanged', { page: 'pro', id: userId });
      }
      if (result.user.subscriptionPlan !== fromPlan || result.trialStarted) {
        securityEvent(
          'subscription.plan_changed',
          {
            userId,
            fromPlan,
            toPlan: result.user.subscriptionPlan,
            reason: result.trialStarted ? 'trial_started' : 'self_service',
          },
          from,
        );
      }
      return result;
    },

    /**
     * A provider on a running free trial picks the trial's tasks: at least one, from the provider's category; a
     * starter trial exactly one. After the trial, tasks change with an upgrade, except that a starter plan
     * holding no task (after a role approval or an admin's change of plan) picks its one task here.
     */
    async updateTrialTasks(userId: string, taskIds: readonly string[]): Promise<UserRow> {
      const t = now();
      const saved = await db.transaction(async (tx) => {
        const u = await users.lockActiveUserById(tx, userId);
        if (!u) throw unauthenticated();
        if (effectiveRole(u, t) !== 'provider') throw forbidden(subscriptionMessages.providerOnly);
        if (!trialStatus(u, t).isTrial && !mustChooseTask(users.providerAccessSubject(u), t)) {
          throw forbidden(TRIAL_ONLY_MESSAGE);
        }
        const category = findSignupCategory(u.selectedCategory ?? '') ?? signupCategories[0];
        const known = new Set<string>(category.tasks.map((task) => task.id));
        const unique = [...new Set(taskIds)];
        if (unique.some((id) => !known.has(id))) {
          throw new AppError('BAD_REQUEST', UNKNOWN_TASK_MESSAGE, { taskIds: UNKNOWN_TASK_MESSAGE });
        }
        if (taskLimitFor(effectiveProviderPlan(u, t)) === 1 && unique.length !== 1) {
          throw new AppError('BAD_REQUEST', STARTER_TASK_MESSAGE, { taskIds: STARTER_TASK_MESSAGE });
        }
        const updated = await users.updateUser(tx, userId, {
          selectedCategory: category.id,
          selectedTasks: unique,
        });
        if (!updated) throw unauthenticated();
        return updated;
      });
      // The public page shows the categories of the tasks (decision 0046).
      await ctx.events.publish(db, 'publicPageChanged', { page: 'pro', id: userId });
      return saved;
    },
  };
}

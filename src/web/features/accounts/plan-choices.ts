// The plans /account offers: customers (and admins) choose
// between Free and Premium; providers may move up to Starter or Deluxe, never down, and Enterprise goes
// through sales. The server applies the same rules; this only decides what the buttons say. Each plan is the
// shared plan description every plan screen shows.
import { toDate, type DateInput } from '#domain/dates';
import {
  customerPlanDescription,
  providerPlanDescription,
  TRIAL_NOTE,
  type PlanDescription,
} from '#domain/plan-words';
import { customerPlans, planRank, providerPlans, trialEligible, type ProviderPlanId } from '#domain/plans';
import type { Role } from '#domain/permissions';

export interface PlanChoice {
  id: string;
  /** Name, price, who it is for and what it includes, as on every plan screen. */
  description: PlanDescription;
  /** Whether the plan has a price: choosing it says what it costs today. */
  paid: boolean;
  /** Shown on the card of a plan that would start a free trial. */
  trialNote: string | null;
  /** 'current': the plan in force; 'unavailable': not selectable (a lower plan, or contact sales). */
  state: 'current' | 'selectable' | 'unavailable';
  unavailableLabel?: string;
}

export interface SubscriptionSnapshot {
  subscriptionPlan: string;
  trialEndDate?: DateInput;
  subscriptionExpiryDate?: DateInput;
  hasUsedTrial?: boolean | null;
}

function customerChoices(s: SubscriptionSnapshot): PlanChoice[] {
  const current = s.subscriptionPlan === 'premium' ? 'premium' : 'free';
  return Object.values(customerPlans).map((p) => ({
    id: p.id,
    description: customerPlanDescription(p.id),
    paid: p.priceCents > 0,
    trialNote: p.trialDays > 0 && current !== p.id && !s.hasUsedTrial ? TRIAL_NOTE : null,
    state: p.id === current ? 'current' : 'selectable',
  }));
}

function providerChoices(s: SubscriptionSnapshot): PlanChoice[] {
  const currentRank = planRank(s.subscriptionPlan);
  const trial = trialEligible(s);
  return Object.values(providerPlans).map((p) => {
    const rank = planRank(p.id as ProviderPlanId);
    const state: PlanChoice['state'] =
      rank === currentRank
        ? 'current'
        : p.selfSelectable && rank > currentRank
          ? 'selectable'
          : 'unavailable';
    return {
      id: p.id,
      description: providerPlanDescription(p.id),
      paid: (p.priceCents ?? 0) > 0,
      trialNote: trial && state === 'selectable' ? TRIAL_NOTE : null,
      state,
      unavailableLabel:
        state === 'unavailable' ? (p.id === 'enterprise' ? 'Contact sales' : 'Included') : undefined,
    };
  });
}

export function planChoices(role: Role, s: SubscriptionSnapshot): PlanChoice[] {
  return role === 'provider' ? providerChoices(s) : customerChoices(s);
}

/**
 * The line under the current plan: a paid plan's trial end date while it has no
 * expiry date, "Renews on" once it has one; nothing on a free plan.
 */
export function renewalLine(s: SubscriptionSnapshot, format: (d: Date) => string): string | null {
  if (s.subscriptionPlan === 'free') return null;
  const expiry = toDate(s.subscriptionExpiryDate);
  if (expiry) return `Renews on ${format(expiry)}`;
  const trialEnd = toDate(s.trialEndDate);
  return trialEnd ? `Free trial ends on ${format(trialEnd)}` : null;
}

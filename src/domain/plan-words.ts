// What the screens say about plans, from the plan data in plans.ts:
// - one description per plan (name, price, who it is for, what it includes), the same on the landing page,
//   /customer/subscription, /subscription and /account;
// - the sentence of a plan-limit notice: what is used, and what the next plan allows;
// - what changing plan costs today: plans change without any payment, so no card is charged.
import { formatWholeDollars } from './money.ts';
import {
  customerPlanIds,
  customerPlans,
  planRank,
  providerPlanIds,
  providerPlans,
  toProviderPlan,
  TRIAL_DAYS,
  type CustomerPlanId,
  type ProviderPlanId,
} from './plans.ts';

// ---------------------------------------------------------------------------------------------------------
// Plan descriptions

export interface PlanDescription {
  name: string;
  /** "$19/month", "$0", or "Contact sales" for a plan without a price. */
  price: string;
  /** Who the plan is for, in a few words. */
  blurb: string;
  features: readonly string[];
}

/** A plan's monthly price as the plan cards show it: "$99/month", "$0", "Contact sales". */
export function planPrice(priceCents: number | null): string {
  if (priceCents === null) return 'Contact sales';
  if (priceCents === 0) return '$0';
  return `${formatWholeDollars(priceCents / 100)}/month`;
}

const customerBlurbs: Readonly<Record<CustomerPlanId, string>> = {
  free: 'For homeowners getting started',
  premium: 'For homeowners with several projects',
};

const upTo = (n: number | null, what: string, period = '') =>
  n === null ? `Unlimited ${what}` : `Up to ${n} ${what}${period}`;

function customerFeatures(id: CustomerPlanId): string[] {
  const p = customerPlans[id];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (id === 'free') {
    return [
      `${count(p.estimatesPerMonth ?? 0, 'estimate', 'estimates')} per month`,
      count(p.savedEstimates ?? 0, 'saved estimate', 'saved estimates'),
      `${count(p.postedPerMonth ?? 0, 'posted estimate', 'posted estimates')} per month`,
      p.messaging === 'priority' ? 'Priority messaging' : 'Basic messaging',
    ];
  }
  return [
    upTo(p.estimatesPerMonth, 'estimates', ' per month'),
    upTo(p.savedEstimates, 'saved estimates'),
    upTo(p.postedPerMonth, 'posted estimates', ' per month'),
    upTo(p.picturesPerEstimate, 'pictures', ' per estimate'),
    p.messaging === 'priority' ? 'Priority messaging' : 'Basic messaging',
  ];
}

/** A customer plan (Free or Premium) as every screen describes it. */
export function customerPlanDescription(id: CustomerPlanId): PlanDescription {
  const p = customerPlans[id];
  return {
    name: p.name,
    price: planPrice(p.priceCents),
    blurb: customerBlurbs[id],
    features: customerFeatures(id),
  };
}

/** A provider plan as every screen describes it. */
export function providerPlanDescription(id: ProviderPlanId): PlanDescription {
  const p = providerPlans[id];
  return { name: p.name, price: planPrice(p.priceCents), blurb: p.audience, features: p.features };
}

/** The note on a plan that starts the account's one free trial when chosen. */
export const TRIAL_NOTE = `Starts with a ${TRIAL_DAYS}-day free trial`;

// ---------------------------------------------------------------------------------------------------------
// Payment

/**
 * What a change of plan costs: nothing. The app takes no payment (a paid plan starts as soon as it is confirmed),
 * and a free trial ends back on the Free plan, never in a charge. `trialPlan` names the plan whose trial the
 * choice starts, or null when it starts none.
 */
export function paymentNote(trialPlan: string | null): string {
  return trialPlan
    ? `${trialPlan} starts with a ${TRIAL_DAYS}-day free trial. No card is charged today: when the trial ends you are back on the Free plan until you choose a plan again.`
    : 'No card is charged today. HomeFix does not take card payments yet, so your plan changes as soon as you confirm.';
}

// ---------------------------------------------------------------------------------------------------------
// Plan-limit notices

/** What a notice counts: a customer's estimates, saved estimates and posts; a provider's tasks and customers. */
export type PlanLimitKind = 'generated' | 'saved' | 'posted' | 'tasks' | 'customers';

interface KindWords {
  one: string;
  many: string;
  /** Counted per calendar month. */
  monthly: boolean;
  /** "You have {verb} 3 posts". */
  verb: string;
  /** "the Free plan {allows} 5". */
  allows: string;
  /** At the limit: "You have used your 1 free post" (true), or "You have saved 5 estimates, as many as ..." (false). */
  your: boolean;
  /** What the next plan allows: its limit, or null when it has none. */
  next: (name: string, limit: number | null) => string;
}

const kinds: Readonly<Record<PlanLimitKind, KindWords>> = {
  generated: {
    one: 'estimate',
    many: 'estimates',
    monthly: true,
    verb: 'used',
    allows: 'includes',
    your: true,
    next: (name, n) => (n === null ? `${name} has unlimited estimates.` : `${name} builds up to ${n}.`),
  },
  saved: {
    one: 'estimate',
    many: 'estimates',
    monthly: false,
    verb: 'saved',
    allows: 'keeps',
    your: false,
    next: (name, n) =>
      n === null ? `${name} keeps unlimited saved estimates.` : `${name} keeps up to ${n}.`,
  },
  posted: {
    one: 'post',
    many: 'posts',
    monthly: true,
    verb: 'used',
    allows: 'includes',
    your: true,
    next: (name, n) => (n === null ? `${name} posts without a limit.` : `${name} posts up to ${n}.`),
  },
  tasks: {
    one: 'task',
    many: 'tasks',
    monthly: false,
    verb: 'chosen',
    allows: 'includes',
    your: true,
    next: (name, n) =>
      n === null ? `${name} includes every task in your category.` : `${name} includes up to ${n} tasks.`,
  },
  customers: {
    one: 'customer',
    many: 'customers',
    monthly: true,
    verb: 'messaged',
    allows: 'includes',
    your: false,
    next: (name, n) =>
      n === null ? `${name} has no monthly limit.` : `${name} messages up to ${n} customers a month.`,
  },
};

const customerKinds: readonly PlanLimitKind[] = ['generated', 'saved', 'posted'];

/** A plan's limit of one kind (null = none). */
function limitOf(kind: PlanLimitKind, plan: string): number | null {
  switch (kind) {
    case 'generated':
      return customerPlans[plan as CustomerPlanId].estimatesPerMonth;
    case 'saved':
      return customerPlans[plan as CustomerPlanId].savedEstimates;
    case 'posted':
      return customerPlans[plan as CustomerPlanId].postedPerMonth;
    case 'tasks':
      return providerPlans[plan as ProviderPlanId].taskLimit;
    case 'customers':
      return providerPlans[plan as ProviderPlanId].customersPerMonth;
  }
}

/** The next plan up that allows more of `kind` than `limit`, with what it allows; null at the top. */
function nextPlan(
  kind: PlanLimitKind,
  plan: string,
  limit: number,
): { name: string; limit: number | null } | null {
  const customer = customerKinds.includes(kind);
  const ladder: readonly string[] = customer
    ? customerPlanIds.slice(customerPlanIds.indexOf(plan as CustomerPlanId) + 1)
    : providerPlanIds.filter((p) => planRank(p) > planRank(plan));
  for (const p of ladder) {
    const n = limitOf(kind, p);
    if (n === null || n > limit) {
      const name = customer
        ? customerPlans[p as CustomerPlanId].name
        : providerPlans[p as ProviderPlanId].name;
      return { name, limit: n };
    }
  }
  return null;
}

/**
 * The informative sentence of a plan-limit notice: what is used against the plan's limit, then what the next
 * plan allows (or, on the top plan, that a monthly count starts again next month). Examples: "You have used
 * your 1 free post this month. Premium posts up to 10." and "You have chosen your 1 Starter task. Deluxe
 * includes every task in your category."
 */
export function planLimitSentence(kind: PlanLimitKind, plan: string, used: number, limit: number): string {
  const w = kinds[kind];
  const customer = customerKinds.includes(kind);
  const planId = customer ? (plan === 'premium' ? 'premium' : 'free') : toProviderPlan(plan);
  const planName = customer
    ? customerPlans[planId as CustomerPlanId].name
    : providerPlans[planId as ProviderPlanId].name;
  // "your 1 free post": the free customer plan reads as an adjective, every other plan by its name.
  const adjective = customer && planId === 'free' ? 'free' : planName;
  const noun = (n: number) => (n === 1 ? w.one : w.many);
  const period = w.monthly ? ' this month' : '';
  let first: string;
  if (used === limit && w.your)
    first = `You have ${w.verb} your ${limit} ${adjective} ${noun(limit)}${period}.`;
  else if (used === limit)
    first = `You have ${w.verb} ${used} ${noun(used)}${period}, as many as the ${planName} plan ${w.allows}.`;
  else
    first = `You have ${w.verb} ${used} ${noun(used)}${period}; the ${planName} plan ${w.allows} ${limit}.`;
  const next = nextPlan(kind, planId, limit);
  if (next) return `${first} ${w.next(next.name, next.limit)}`;
  return w.monthly ? `${first} Your count starts again next month.` : first;
}

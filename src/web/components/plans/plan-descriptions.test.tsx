// Every plan screen describes a plan the same way: the landing page, /customer/subscription, /subscription and
// /account show one description per plan (name, price, who it is for, what it includes).
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerPlanDescription, providerPlanDescription, type PlanDescription } from '#domain/plan-words';
import { makeProfile, makeTrialStatus } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

/** What a plan card says, as a reader meets it: the heading, price, blurb and each included item. */
async function cardOf(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const card = heading.closest('li');
  if (!card) throw new Error(`no card around ${name}`);
  const features = within(card)
    .getByRole('list', { name: `${name} includes` })
    .querySelectorAll('li');
  return {
    text: card.textContent ?? '',
    features: [...features].map((li) => li.textContent),
  };
}

function expectDescribed(card: { text: string; features: (string | null)[] }, plan: PlanDescription) {
  expect(card.features).toEqual(plan.features);
  expect(card.text).toContain(plan.price);
  expect(card.text).toContain(plan.blurb);
}

const premium = customerPlanDescription('premium');
const free = customerPlanDescription('free');
const starter = providerPlanDescription('starter');
const deluxe = providerPlanDescription('deluxe');

describe('one description per plan', { timeout: 20_000 }, () => {
  it('the landing page', async () => {
    renderApp({ path: '/' });
    expectDescribed(await cardOf('Free'), free);
    expectDescribed(await cardOf('Premium'), premium);
    expectDescribed(await cardOf('Starter'), starter);
    expectDescribed(await cardOf('Deluxe'), deluxe);
  });

  it('/customer/subscription', async () => {
    renderApp({
      path: '/customer/subscription',
      user: makeUser({ id: 'c1' }),
      routes: { 'GET /api/profile': { body: makeProfile({ id: 'c1' }) } },
    });
    expectDescribed(await cardOf('Free'), free);
    expectDescribed(await cardOf('Premium'), premium);
  });

  it('/subscription', async () => {
    renderApp({
      path: '/subscription',
      user: makeUser({ id: 'p1', role: 'provider' }),
      routes: { 'GET /api/trial/status': { body: makeTrialStatus() } },
    });
    expectDescribed(await cardOf('Starter'), starter);
    expectDescribed(await cardOf('Deluxe'), deluxe);
  });

  it('/account, for a customer and for a provider', async () => {
    const customer = renderApp({
      path: '/account',
      user: makeUser(),
      routes: { 'GET /api/profile': { body: makeProfile() } },
    });
    expectDescribed(await cardOf('Free'), free);
    expectDescribed(await cardOf('Premium'), premium);
    customer.unmount();
    vi.unstubAllGlobals();

    renderApp({
      path: '/account',
      user: makeUser({ role: 'provider', subscriptionPlan: 'free' }),
      routes: { 'GET /api/profile': { body: makeProfile({ role: 'provider' }) } },
    });
    expectDescribed(await cardOf('Starter'), starter);
    expectDescribed(await cardOf('Deluxe'), deluxe);
  });
});

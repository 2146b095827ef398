// Test helpers: the whole app in memory with a scripted API behind a stubbed fetch.
import type { TrialStatusResponse } from '#domain/schemas/subscription.schema';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { PublicUser } from '#domain/schemas/user.schema';
import { AppRouter } from '#web/app/AppRouter.tsx';
import { Providers } from '#web/app/Providers.tsx';
import { resetToasts } from '#web/components/ui/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

export interface MockReply {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    email: 'casey@example.com',
    role: 'customer',
    firstName: 'Casey',
    lastName: 'Jones',
    emailVerified: true,
    subscriptionPlan: 'free',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastActiveAt: null,
    adminExpiresAt: null,
    ...overrides,
  };
}

/** A provider's GET /api/trial/status answer: a free provider who never had a trial, unless told otherwise. */
export function makeTrialStatus(overrides: Partial<TrialStatusResponse> = {}): TrialStatusResponse {
  return {
    isTrial: false,
    expired: false,
    daysRemaining: 0,
    trialEndDate: null,
    plan: 'free',
    hasUsedTrial: false,
    subscriptionExpiryDate: null,
    categoryId: 'home-repair',
    taskIds: [],
    mustChooseTask: false,
    customersThisMonth: 0,
    customersPerMonth: null,
    ...overrides,
  };
}

/** Replaces fetch with a table of "METHOD /path" answers; everything else answers 404. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body: raw ? JSON.parse(raw) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname + url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!handler) {
      return new Response(JSON.stringify({ error: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
    }
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    const status = reply.status ?? 200;
    const body = reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body);
    return new Response(body, { status, headers: body ? { 'Content-Type': 'application/json' } : {} });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function sessionRoute(user: PublicUser | null): Record<string, Handler> {
  return {
    'GET /api/auth/session': { body: { isAuthenticated: user !== null, user } },
    'GET /api/config': { body: { BETA_MODE: false, BETA_BANNER_TEXT: '', BETA_FEEDBACK_URL: '' } },
    'POST /api/visits': { status: 204 },
  };
}

export interface RenderAppOptions {
  path: string;
  user?: PublicUser | null;
  routes?: Record<string, Handler>;
}

/** Renders the real router at `path` for a signed-in `user` (or nobody). */
export function renderApp({ path, user = null, routes = {} }: RenderAppOptions) {
  resetToasts();
  const api = mockApi({ ...sessionRoute(user), ...routes });
  const location = memoryLocation({ path, record: true });
  const client = createQueryClient();
  const events = userEvent.setup();
  const view = render(
    <Providers client={client} location={location}>
      <AppRouter />
    </Providers>,
  );
  return { ...view, ...api, location, client, user: events };
}

/** Renders any element inside the app's providers. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  resetToasts();
  const location = memoryLocation({ path, record: true });
  const client = createQueryClient();
  const events = userEvent.setup();
  const view = render(
    <Providers client={client} location={location}>
      {ui}
    </Providers>,
  );
  return { ...view, location, client, user: events };
}

export function currentPath(location: { history?: string[] }): string | undefined {
  return location.history?.[location.history.length - 1];
}

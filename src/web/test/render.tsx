// Test helpers: the whole app in memory with a scripted API behind a stubbed fetch.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { ApiError, PublicUser } from '#domain/schemas/user.schema';
import { AppRouter } from '#web/app/AppRouter.tsx';
import { Providers } from '#web/app/Providers.tsx';
import { resetToasts } from '#web/components/ui/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import type { ApiRoutes, RouteFor, RoutePattern } from './api-routes.ts';

export { makeTrialStatus, makeUser } from './builders.ts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/** The failure statuses of the API (src/server/errors.ts): each carries the one error shape. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;
/** What a proxy in front of the server answers when the server cannot: no JSON body. */
export type GatewayStatus = 502 | 503 | 504;

/** A failure: the API's error shape, or a proxy's answer without one. */
export type ErrorReply =
  { status: ApiErrorStatus; body: ApiError } | { status: GatewayStatus; body?: undefined };

type SuccessReplies<M> = {
  [S in keyof M]: M[S] extends null ? { status: S; body?: undefined } : { status: S; body: M[S] };
}[keyof M];

/** Without a status the reply is a 200, so only a route that answers 200 may leave it out. */
type DefaultReply<M> = 200 extends keyof M ? { status?: undefined; body: M[200] } : never;

/** A scripted answer of route `P`: a body with a status the route declares, or a failure. */
export type MockReply<P extends RoutePattern> =
  SuccessReplies<ApiRoutes[P]> | DefaultReply<ApiRoutes[P]> | ErrorReply;

/** The answer of route `P`, or a function of the call that returns it. */
export type Handler<P extends RoutePattern> =
  MockReply<P> | ((call: RecordedCall) => MockReply<P> | Promise<MockReply<P>>);

/** What a key that matches no route of the server must hold: nothing can, so the key does not compile. */
export interface UnknownRoute {
  'no API route answers this method and path': never;
}

/**
 * A table of scripted answers: each "METHOD /path" key (ids spelled out, query optional) holds a handler of the
 * route it stands for, typed by that route's response schema.
 */
export type RouteTable<T> = {
  [K in keyof T]: K extends string
    ? [RouteFor<K>] extends [never]
      ? UnknownRoute
      : Handler<RouteFor<K>>
    : never;
};

/** A table of scripted answers kept apart from the render call, checked where it is written. */
export function defineRoutes<T>(routes: RouteTable<T>): RouteTable<T> {
  return routes;
}

type AnyReply = { status?: number; body?: unknown };
type AnyHandler = AnyReply | ((call: RecordedCall) => AnyReply | Promise<AnyReply>);
type AnyTable = Record<string, AnyHandler>;

/**
 * The key with ":param" segments that answers a request no key spells out. Of two that fit, the one with a fixed
 * segment where the other first has a parameter wins, as in the server's router.
 */
function patternFor(keys: string[], method: string, path: string): string | undefined {
  const segments = `${method} ${path}`.split('/');
  const isParam = (s: string) => s.startsWith(':');
  const fits = (key: string) => {
    const parts = key.split('/');
    return (
      parts.length === segments.length &&
      parts.every((p, i) => (isParam(p) ? segments[i] !== '' : p === segments[i]))
    );
  };
  const beats = (a: string, b: string) => {
    const [pa, pb] = [a.split('/'), b.split('/')];
    const i = pa.findIndex((p, j) => isParam(p) !== isParam(pb[j]!));
    return i >= 0 && !isParam(pa[i]!);
  };
  return keys
    .filter((k) => k.includes('/:') && fits(k))
    .reduce<string | undefined>((best, k) => (best === undefined || beats(k, best) ? k : best), undefined);
}

/**
 * Replaces fetch with a table of "METHOD /path" answers; everything else answers 404. A key matches a request by
 * its path and query, by its path alone, or as a pattern whose ":param" segments take any one segment.
 */
export function mockApi<T>(routes: RouteTable<T>) {
  return scriptFetch(routes as AnyTable);
}

function scriptFetch(routes: AnyTable) {
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
    const handler =
      routes[`${method} ${url.pathname + url.search}`] ??
      routes[`${method} ${url.pathname}`] ??
      routes[patternFor(Object.keys(routes), method, url.pathname) ?? ''];
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

/** The calls every screen makes: the session (signed in as `user`, or nobody), the config and the page view. */
export function sessionRoute(user: PublicUser | null) {
  return defineRoutes({
    'GET /api/auth/session': { body: { isAuthenticated: user !== null, user } },
    'GET /api/config': { body: { BETA_MODE: false, BETA_BANNER_TEXT: '', BETA_FEEDBACK_URL: '' } },
    'POST /api/visits': { status: 204 },
  });
}

export interface RenderAppOptions<T> {
  path: string;
  user?: PublicUser | null;
  routes?: RouteTable<T>;
}

/** Renders the real router at `path` for a signed-in `user` (or nobody). */
export function renderApp<T>({ path, user = null, routes }: RenderAppOptions<T>) {
  resetToasts();
  const api = scriptFetch({ ...sessionRoute(user), ...(routes as AnyTable | undefined) });
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

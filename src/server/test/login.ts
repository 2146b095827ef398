// Signing in for tests. loginAs writes a session row directly (no HTTP, no argon2, no rate limit), which is
// what a large matrix of callers needs; signIn goes through POST /api/auth/login like a browser.
import type { LightMyRequestResponse as Response, InjectOptions } from 'fastify';
import type { BuiltApp } from '#server/app';
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  createSession,
  sessionCookieName,
  sessionSettings,
} from '#server/modules/sessions';
import { PASSWORD } from './factories.ts';

/**
 * A session for this user made straight in the database; returns the Cookie header value ("sid=...",
 * "__Host-sid=..." in production).
 */
export async function loginAs(
  app: BuiltApp,
  user: { id: string },
  opts: { persistent?: boolean } = {},
): Promise<string> {
  const { config, db, now } = app.ctx;
  const settings = sessionSettings(config);
  const { token } = await createSession(db, settings, user.id, {
    persistent: opts.persistent ?? false,
    now: now(),
  });
  return `${sessionCookieName(settings)}=${token}`;
}

/** The session cookie the response sets, as a Cookie header value ("sid=..."), or undefined. */
export function sessionCookie(res: Response): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE || x.name === SECURE_SESSION_COOKIE);
  return c && c.value ? `${c.name}=${c.value}` : undefined;
}

/** The raw Set-Cookie header of the session cookie (to check its attributes). */
export function setCookieHeader(res: Response): string {
  const h = res.headers['set-cookie'];
  const list = Array.isArray(h) ? h : h ? [h] : [];
  return (
    list.find((v) => v.startsWith(`${SESSION_COOKIE}=`) || v.startsWith(`${SECURE_SESSION_COOKIE}=`)) ?? ''
  );
}

export function postJson(
  app: BuiltApp,
  url: string,
  payload: object,
  cookie?: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Signs in over HTTP, as a browser does. */
export async function signIn(app: BuiltApp, email: string, password = PASSWORD, rememberMe?: boolean) {
  const res = await postJson(app, '/api/auth/login', {
    email,
    password,
    ...(rememberMe ? { rememberMe } : {}),
  });
  return { res, cookie: sessionCookie(res) };
}

export function me(app: BuiltApp, cookie?: string) {
  return app.inject({ method: 'GET', url: '/auth/me', headers: cookie ? { cookie } : {} });
}

/** inject() with an optional session cookie. */
export function call(app: BuiltApp, options: InjectOptions, cookie?: string) {
  const headers = { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) };
  return app.inject({ ...options, headers });
}

// "Where you're signed in" (ASVS 7.5.2; decision 0025): a signed-in user lists their live sessions and, with their
// password again, ends any of them or every one but the current; signing out this one needs no password; another
// user's session answers 404; ended sessions' sockets close; the security log names the session by its public id,
// never the token.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInSession, SignedInSessionList } from '#domain/schemas/session.schema';
import { sessions } from '#server/db/schema/index';
import { PASSWORD, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { createLoggedTestApp, type LoggedTestApp } from '#server/test/log-capture';
import { call, loginAs, me, sessionCookie, setCookieHeader } from '#server/test/login';
import { openSocket, ORIGIN, type TestSocket } from '#server/test/ws-client';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

let t: LoggedTestApp;
let base: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  // Four failures per account and address before a wait (decision 0007): two free, then 2 s, 4 s, ...
  t = await createLoggedTestApp({
    RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000',
    RATE_LIMIT_AUTH_PER_IP: '1000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '4',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

/** Signs in over HTTP from a browser with this User-Agent; the Cookie header value. */
async function signInFrom(user: TestUser, userAgent: string, rememberMe = false): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent, origin: ORIGIN },
    payload: { email: user.email, password: PASSWORD, ...(rememberMe ? { rememberMe } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res)!;
}

const list = async (cookie: string) => {
  const res = await call(t.app, { method: 'GET', url: '/api/auth/sessions' }, cookie);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<SignedInSessionList>();
};
/** Ends a session, with the password unless `password` is null. */
const end = (cookie: string, id: string, password: string | null = PASSWORD) =>
  call(
    t.app,
    {
      method: 'POST',
      url: `/api/auth/sessions/${id}/sign-out`,
      headers: { origin: ORIGIN },
      payload: password === null ? {} : { password },
    },
    cookie,
  );
const endOthers = (cookie: string, password = PASSWORD) =>
  call(
    t.app,
    {
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: { origin: ORIGIN },
      payload: { password },
    },
    cookie,
  );
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/**
 * A provider writes to the user about a posted estimate of theirs: the message id. Every socket of the user gets
 * it after whatever was delivered before it (one ordered stream), so a socket that gets it was still open after
 * everything before it: the barrier a test waits for instead of a pause.
 */
async function messageToUser(user: TestUser): Promise<string> {
  // Made at the app's clock, which earlier tests moved on (a paid plan from the real time may have lapsed there).
  const provider = await makeProvider(t.database.db, { plan: 'deluxe', now: t.clock.now });
  const estimate = await makeEstimate(t.database.db, user, { status: 'posted', now: t.clock.now });
  const res = await call(
    t.app,
    {
      method: 'POST',
      url: '/api/messages',
      payload: { estimateId: estimate.id, receiverId: user.id, content: 'Hello, I can take on this job.' },
    },
    await loginAs(t.app, provider),
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ message: { id: string } }>().message.id;
}
const status = async (cookie: string) => (await me(t.app, cookie)).statusCode;
const ids = (l: SignedInSessionList) => l.sessions.map((s) => s.id);

async function connect(cookie: string) {
  const s = await openSocket(base, { cookie });
  sockets.push(s);
  await s.next('ready');
  return s;
}

describe('GET /api/auth/sessions', () => {
  it("lists only the caller's own live sessions: this one first and marked, then newest activity", async () => {
    const user = await makeCustomer(t.database.db);
    const stranger = await makeCustomer(t.database.db);
    await signInFrom(stranger, WINDOWS_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI, true);
    t.clock.advance(10 * MINUTE);
    const laptop = await signInFrom(user, WINDOWS_CHROME);
    t.clock.advance(10 * MINUTE);
    // The phone is used again: its last activity (recorded every 5 minutes by the lookup itself) moves on.
    expect(await status(phone)).toBe(200);
    const signedInAt = t.clock.now.getTime();
    t.clock.advance(MINUTE);

    const fromLaptop = await list(laptop);
    expect(fromLaptop.total).toBe(2);
    const [current, other] = fromLaptop.sessions as [SignedInSession, SignedInSession];
    expect(current).toMatchObject({
      device: 'Chrome on Windows',
      browser: 'Chrome',
      os: 'Windows',
      rememberMe: false,
      current: true,
      lastActiveAt: t.clock.now.toISOString(),
    });
    expect(other).toMatchObject({
      device: 'Safari on iPhone',
      rememberMe: true,
      current: false,
      lastActiveAt: new Date(signedInAt).toISOString(),
    });
    expect(new Date(other.signedInAt).getTime()).toBeLessThan(new Date(current.signedInAt).getTime());

    // From the phone, the phone is the current one; the ids are the same sessions.
    const fromPhone = await list(phone);
    expect(fromPhone.sessions.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ]);
    expect(new Set(ids(fromPhone))).toEqual(new Set(ids(fromLaptop)));

    // Neither the token nor its hash is anywhere in the answer; the ids are not tokens.
    const raw = JSON.stringify(fromLaptop);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    for (const row of rows) expect(raw).not.toContain(row.tokenHash);
    expect(raw).not.toContain(tokenOf(laptop));
    expect(raw).not.toContain(tokenOf(phone));
    expect(await status(`sid=${other.id}`)).toBe(401);
  });

  it('leaves out sessions that have ended: idle, past their 12 hours, or past the remember-me days', async () => {
    const user = await makeCustomer(t.database.db);
    const idle = await signInFrom(user, WINDOWS_CHROME);
    const remembered = await signInFrom(user, IPHONE_SAFARI, true);
    const busy = await signInFrom(user, WINDOWS_CHROME);
    expect((await list(busy)).total).toBe(3);

    // Two idle hours end the browser-session sign-in that was not used; the busy one stays.
    t.clock.advance(119 * MINUTE);
    expect(await status(busy)).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect(ids(await list(busy))).toHaveLength(2);
    expect((await list(busy)).sessions.map((s) => s.device)).toEqual([
      'Chrome on Windows',
      'Safari on iPhone',
    ]);

    // Twelve hours after sign-in a browser session ends however active it was; remember-me stays.
    for (let h = 0; h < 9; h++) {
      t.clock.advance(60 * MINUTE);
      expect(await status(busy)).toBe(200);
    }
    expect((await list(remembered)).total).toBe(2);
    t.clock.advance(60 * MINUTE); // 12 h 01 min after the sign-in
    const left = await list(remembered);
    expect(left.sessions.map((s) => [s.device, s.current])).toEqual([['Safari on iPhone', true]]);
    expect(await status(busy)).toBe(401);
    expect(await status(idle)).toBe(401);

    // Remember-me ends 30 days after the sign-in, used or not.
    t.clock.advance(30 * 24 * 60 * MINUTE);
    const later = await signInFrom(user, WINDOWS_CHROME);
    expect((await list(later)).sessions.map((s) => [s.device, s.rememberMe, s.current])).toEqual([
      ['Chrome on Windows', false, true],
    ]);
    expect(await status(remembered)).toBe(401);
  });
});

describe('GET /api/auth/sessions: the cap', () => {
  it('lists at most 50, this one first, then the most recently active, and counts them all', async () => {
    const user = await makeCustomer(t.database.db);
    const here = await signInFrom(user, WINDOWS_CHROME);
    for (let i = 0; i < 55; i++) {
      t.clock.advance(1000);
      await loginAs(t.app, user);
    }
    const page = await list(here);
    expect(page.total).toBe(56);
    expect(page.sessions).toHaveLength(50);
    expect(page.sessions[0]).toMatchObject({ current: true, device: 'Chrome on Windows' });
    const others = page.sessions.slice(1).map((s) => new Date(s.lastActiveAt).getTime());
    expect(others).toEqual([...others].sort((x, y) => y - x));
    // The six least recently active are the ones left out.
    const oldestShown = Math.min(...others);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const hidden = rows.filter((r) => !page.sessions.some((s) => s.id === r.publicId));
    expect(hidden).toHaveLength(6);
    for (const r of hidden) expect(r.lastSeenAt.getTime()).toBeLessThan(oldestShown);
  });
});

describe('POST /api/auth/sessions/:id/sign-out', () => {
  it('ends that session with the password: its cookie stops working, this one and the others keep working', async () => {
    const user = await makeCustomer(t.database.db);
    const here = await signInFrom(user, WINDOWS_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI, true);
    const tablet = await signInFrom(user, WINDOWS_CHROME);
    const phoneId = (await list(phone)).sessions.find((s) => s.current)!.id;

    const hereId = (await list(here)).sessions.find((s) => s.current)!.id;

    const res = await end(here, phoneId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: false, message: 'Safari on iPhone has been signed out.' });
    // The password again is a re-authentication: this browser's session goes on under a new token (ASVS 7.2.4).
    const renewed = sessionCookie(res)!;
    expect(renewed).not.toBe(here);
    expect(await status(here)).toBe(401);
    expect(await status(renewed)).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(tablet)).toBe(200);
    const left = await list(renewed);
    expect(ids(left)).not.toContain(phoneId);
    expect(left.total).toBe(2);
    expect(left.sessions.find((s) => s.current)?.id).toBe(hereId); // the same sign-in, not a new one

    // Ending it again: it is gone.
    const again = await end(renewed, phoneId);
    expect(again.statusCode).toBe(404);

    const [event] = t.events('auth.session_ended').filter((e) => e.userId === user.id);
    expect(event).toMatchObject({ level: 30, sessionPublicId: phoneId, reason: 'other_device' });
    expect(event?.reqId).toBeTruthy();
    expect(t.raw()).not.toContain(tokenOf(phone));
  });

  it("answers 404 for another user's session, an unknown id and a malformed one, and ends nothing", async () => {
    const user = await makeCustomer(t.database.db);
    const stranger = await makeCustomer(t.database.db);
    const mine = await signInFrom(user, WINDOWS_CHROME);
    const theirs = await signInFrom(stranger, IPHONE_SAFARI);
    const theirId = (await list(theirs)).sessions[0]!.id;

    for (const id of [theirId, theirId.toUpperCase(), crypto.randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      // The same answer with or without the password: nothing about the id is told.
      for (const password of [PASSWORD, null]) {
        const res = await end(mine, encodeURIComponent(id), password);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'This session has already ended' });
      }
      const res = await end(mine, encodeURIComponent(id));
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'This session has already ended' });
      expect(res.json().requestId).toBeTruthy();
    }
    expect(await status(theirs)).toBe(200);
    expect(await status(mine)).toBe(200);
    expect((await list(theirs)).total).toBe(1);
  });

  it('ending the current session signs this browser out without the password: the cookie is cleared', async () => {
    const user = await makeCustomer(t.database.db);
    const here = await signInFrom(user, WINDOWS_CHROME);
    const other = await signInFrom(user, IPHONE_SAFARI);
    const hereId = (await list(here)).sessions.find((s) => s.current)!.id;
    const res = await end(here, hereId, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: true, message: 'You have been signed out on this device.' });
    expect(setCookieHeader(res)).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await status(here)).toBe(401);
    expect(await status(other)).toBe(200);
    expect(t.events('auth.session_ended').find((e) => e.sessionPublicId === hereId)).toMatchObject({
      userId: user.id,
      reason: 'this_device',
    });
  });

  it('is refused from a foreign site (the Origin check of every state-changing route) and needs sign-in', async () => {
    const user = await makeCustomer(t.database.db);
    const here = await signInFrom(user, WINDOWS_CHROME);
    const other = await signInFrom(user, IPHONE_SAFARI);
    const otherId = (await list(other)).sessions.find((s) => s.current)!.id;
    const forged = await call(
      t.app,
      {
        method: 'POST',
        url: `/api/auth/sessions/${otherId}/sign-out`,
        headers: { origin: 'https://evil.example' },
        payload: { password: PASSWORD },
      },
      here,
    );
    expect(forged.statusCode).toBe(403);
    const forgedAll = await call(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/sessions/sign-out-others',
        headers: { origin: 'https://evil.example' },
        payload: { password: PASSWORD },
      },
      here,
    );
    expect(forgedAll.statusCode).toBe(403);
    expect(await status(other)).toBe(200);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/auth/sessions/${otherId}/sign-out`,
      payload: { password: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect(await status(other)).toBe(200);
  });

  it("closes the ended session's sockets and no other's", async () => {
    const user = await makeCustomer(t.database.db);
    const here = await signInFrom(user, WINDOWS_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI);
    const herePhoneSocket = await connect(phone);
    const hereSocket = await connect(here);
    const phoneId = (await list(phone)).sessions.find((s) => s.current)!.id;
    const res = await end(here, phoneId);
    expect(res.statusCode).toBe(200);
    expect((await herePhoneSocket.closed).code).toBe(4401);
    // The socket of the session that did it stays open (it gets a message sent after the sign-out and the renewal),
    // now under the session's new token: signing out with the new cookie closes it.
    const later = await messageToUser(user);
    expect((await hereSocket.next('messageReceived')).message.id).toBe(later);
    expect(hereSocket.ws.readyState).toBe(hereSocket.ws.OPEN);
    const logout = await call(
      t.app,
      { method: 'POST', url: '/api/auth/logout', headers: { origin: ORIGIN } },
      sessionCookie(res)!,
    );
    expect(logout.statusCode).toBe(204);
    expect((await hereSocket.closed).code).toBe(4401);
  });
});

describe('POST /api/auth/sessions/sign-out-others', () => {
  it('ends every session but the current one, closes their sockets, and says how many', async () => {
    const user = await makeCustomer(t.database.db);
    const stranger = await makeCustomer(t.database.db);
    const theirs = await signInFrom(stranger, WINDOWS_CHROME);
    const here = await signInFrom(user, WINDOWS_CHROME);
    const others = [
      await signInFrom(user, IPHONE_SAFARI, true),
      await signInFrom(user, WINDOWS_CHROME),
      await signInFrom(user, IPHONE_SAFARI),
    ];
    const otherSocket = await connect(others[0]!);
    const hereSocket = await connect(here);

    const res = await endOthers(here);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 3, message: 'Signed out of 3 other devices' });
    const renewed = sessionCookie(res)!; // a new token for this browser's session (ASVS 7.2.4)
    expect(await status(here)).toBe(401);
    expect(await status(renewed)).toBe(200);
    for (const c of others) expect(await status(c)).toBe(401);
    expect(await status(theirs)).toBe(200);
    expect((await otherSocket.closed).code).toBe(4401);
    // This browser's socket gets a message sent after the sign-out and the renewal: it was left open.
    const later = await messageToUser(user);
    expect((await hereSocket.next('messageReceived')).message.id).toBe(later);
    expect(hereSocket.ws.readyState).toBe(hereSocket.ws.OPEN);

    const left = await list(renewed);
    expect(left.total).toBe(1);
    expect(left.sessions[0]).toMatchObject({ current: true });

    // Nothing left to end.
    expect((await endOthers(renewed)).json()).toEqual({
      ended: 0,
      message: 'No other devices were signed in',
    });
    expect(t.events('auth.other_sessions_ended').filter((e) => e.userId === user.id)).toMatchObject([
      { count: 3 },
      { count: 0 },
    ]);
    expect(t.raw()).not.toContain(tokenOf(here));
  });
});

describe('the password again (ASVS 7.5.2)', () => {
  it('ending another session or all the others needs it: missing or wrong ends nothing and is logged without it', async () => {
    const user = await makeCustomer(t.database.db);
    const here = await signInFrom(user, WINDOWS_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI);
    const phoneId = (await list(phone)).sessions.find((s) => s.current)!.id;

    const missing = await end(here, phoneId, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { password: 'Please enter your password' },
    });
    const wrong = await end(here, phoneId, 'Wrong-Guess-4711');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { password: 'Your password is not correct' },
    });
    const emptyOthers = await endOthers(here, '');
    expect(emptyOthers.statusCode).toBe(400);
    expect(emptyOthers.json().fields.password).toBe('Please enter your password');
    const wrongOthers = await endOthers(here, 'Wrong-Guess-4712');
    expect(wrongOthers.statusCode).toBe(400);
    expect(wrongOthers.json().fields.password).toBe('Your password is not correct');

    expect(await status(phone)).toBe(200);
    expect((await list(here)).total).toBe(2);
    const failures = t.events('auth.reauth_failed').filter((e) => e.userId === user.id);
    expect(failures.map((e) => [e.level, e.reason])).toEqual([
      [40, 'end_session'],
      [40, 'end_other_sessions'],
    ]);
    expect(t.raw()).not.toContain('Wrong-Guess-47');
  });

  it('counts wrong passwords with the failed sign-ins: a stolen session cannot guess its way to ending the others', async () => {
    const user = await makeCustomer(t.database.db);
    const here = await signInFrom(user, WINDOWS_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI);
    expect((await endOthers(here, 'Wrong-Guess-1')).statusCode).toBe(400);
    expect((await endOthers(here, 'Wrong-Guess-2')).statusCode).toBe(400);
    const held = await endOthers(here, 'Wrong-Guess-3');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The right password waits too, and so does the sign-in form from this address.
    expect((await endOthers(here)).statusCode).toBe(429);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(429);
    expect(await status(phone)).toBe(200);
    t.clock.advance(MINUTE);
    expect((await endOthers(here)).json()).toMatchObject({ ended: 1 });
    expect(await status(phone)).toBe(401);
  });
});

// ADMIN_TWO_STEP (decision 0028; ASVS 6.3.3): with `required`, an admin without two-step verification signs in,
// reads the session (which says it must be set up), signs out and uses their own /settings, but every other
// signed-in route (the admin tools, and what an admin may read of anyone) answers 403 TWO_STEP_REQUIRED until it is on; turning it on through the real routes opens them in the same session. Customers
// and providers are never affected, and with `optional` (the default) nothing changes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoStepSettings } from '#server/db/schema/index';
import { ADMIN_TWO_STEP_REQUIRED_MESSAGE, TWO_STEP_REQUIRED_CODE } from '#domain/two-step';
import { PASSWORD, makeAdmin, makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { call, loginAs, postJson, sessionCookie, signIn } from '#server/test/login';
import { createLoggedTestApp, type LoggedTestApp } from '#server/test/log-capture';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { codeAt, turnOnTwoStep } from '#server/test/two-step';
import { openSocket, type TestSocket } from '#server/test/ws-client';

const STEP_MS = 30_000;
const get = (t: TestApp, url: string, cookie?: string) => call(t.app, { method: 'GET', url }, cookie);
const post = (t: TestApp, url: string, payload: object, cookie?: string) =>
  call(t.app, { method: 'POST', url, payload }, cookie);
const sessionUser = async (t: TestApp, cookie: string) => {
  const res = await get(t, '/api/auth/session', cookie);
  expect(res.statusCode).toBe(200);
  return res.json().user as Record<string, unknown>;
};

describe('ADMIN_TWO_STEP=required', () => {
  let t: LoggedTestApp;
  beforeAll(async () => {
    t = await createLoggedTestApp({ ADMIN_TWO_STEP: 'required', RATE_LIMIT_AUTH_PER_IP: '1000' });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('lets an admin without two-step sign in and use /settings, closes the admin tools with 403 TWO_STEP_REQUIRED, and opens them in the same session once it is on', async () => {
    const admin = await makeAdmin(db());

    // Sign-in works with the password alone, and the answer already says what is due.
    const { res: login, cookie } = await signIn(t.app, admin.email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: admin.id, role: 'admin', twoStepSetupRequired: true });
    // Not the 202's `twoStepRequired` (a code is due), which clients tell the second step of sign-in by.
    expect(login.json()).not.toHaveProperty('twoStepRequired');
    let here = cookie!;
    expect(await sessionUser(t, here)).toMatchObject({
      id: admin.id,
      role: 'admin',
      twoStepSetupRequired: true,
    });
    expect((await get(t, '/auth/me', here)).json()).toMatchObject({ twoStepSetupRequired: true });

    // The admin tools (routes open to a list of roles) answer the 403 with its own code and message.
    for (const url of ['/api/admin/users', '/api/admin/logs', `/api/admin/users/${admin.id}`]) {
      const refused = await get(t, url, here);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        code: TWO_STEP_REQUIRED_CODE,
        error: ADMIN_TWO_STEP_REQUIRED_MESSAGE,
      });
    }
    // Logged as a refused request, like every 403.
    expect(
      t.events('access.denied').filter((l) => l.userId === admin.id && l.route === 'GET /api/admin/users'),
    ).toEqual([expect.objectContaining({ reason: ADMIN_TWO_STEP_REQUIRED_MESSAGE })]);
    // ...and so does every other route open to admins by role, writes included.
    const estimate = await makeEstimate(db(), await makeCustomer(db()));
    expect((await get(t, `/api/estimates/${estimate.id}/bids`, here)).json()).toMatchObject({
      code: TWO_STEP_REQUIRED_CODE,
    });
    const roleChange = await call(
      t.app,
      { method: 'PUT', url: `/api/admin/users/${admin.id}/role`, payload: { role: 'customer' } },
      here,
    );
    expect(roleChange.statusCode).toBe(403);
    expect(roleChange.json().code).toBe(TWO_STEP_REQUIRED_CODE);

    // What every signed-in user has stays open: /settings (devices, two-step status and set-up).
    expect((await get(t, '/api/auth/sessions', here)).statusCode).toBe(200);
    expect((await get(t, '/api/auth/two-step', here)).json()).toMatchObject({ enabled: false });
    expect((await get(t, '/api/user/settings', here)).statusCode).toBe(200);

    // Turning it on through /settings: set-up, then a current code and the password.
    const setup = await post(t, '/api/auth/two-step/setup', {}, here);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const on = await post(
      t,
      '/api/auth/two-step/enable',
      { code: codeAt(secret, t.clock.now), password: PASSWORD },
      here,
    );
    expect(on.statusCode).toBe(200);
    // The same session with a renewed token, as the browser keeps it (decision 0030): no new sign-in.
    here = sessionCookie(on)!;

    // The same session now reaches the admin tools, and the session no longer carries the flag.
    expect((await get(t, '/api/admin/users', here)).statusCode).toBe(200);
    expect(await sessionUser(t, here)).not.toHaveProperty('twoStepSetupRequired');

    // Turning it off again closes them again at once.
    t.clock.advance(STEP_MS);
    const off = await post(
      t,
      '/api/auth/two-step/disable',
      { code: codeAt(secret, t.clock.now), password: PASSWORD },
      here,
    );
    expect(off.statusCode).toBe(200);
    here = sessionCookie(off)!;
    expect((await get(t, '/api/admin/users', here)).json()).toMatchObject({ code: TWO_STEP_REQUIRED_CODE });
    expect(await sessionUser(t, here)).toMatchObject({ twoStepSetupRequired: true });

    // Signing out works as ever.
    const out = await postJson(t.app, '/api/auth/logout', {}, here);
    expect(out.statusCode).toBe(204);
    expect((await sessionUser(t, here)) ?? null).toBeNull();
  });

  it("keeps such an admin to their own settings: every other signed-in route, other people's data included, waits for it", async () => {
    const admin = await makeAdmin(db());
    const here = await loginAs(t.app, admin);
    const customer = await makeCustomer(db());
    const estimate = await makeEstimate(db(), customer);
    // What an admin may read of anyone on routes every signed-in user has (an estimate with its address, a user).
    for (const url of [
      `/api/estimates/${estimate.id}`,
      `/api/estimates/${estimate.id}/pictures`,
      '/api/estimates/posted',
      `/api/users/${customer.id}`,
      `/api/users?ids=${customer.id}`,
      `/api/messages/${estimate.id}/${customer.id}`,
    ]) {
      const refused = await get(t, url, here);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code, url).toBe(TWO_STEP_REQUIRED_CODE);
    }
    const message = await post(
      t,
      '/api/messages',
      { estimateId: estimate.id, receiverId: customer.id, content: 'Hello' },
      here,
    );
    expect(message.json()).toMatchObject({ code: TWO_STEP_REQUIRED_CODE });

    // Open: the own account's /settings, and the shell's own counts.
    for (const url of [
      '/api/profile',
      '/api/user/settings',
      '/api/role-requests',
      '/api/messages/unread-count',
    ]) {
      expect((await get(t, url, here)).statusCode, url).toBe(200);
    }
    // Exactly these routes are open before two-step is on: adding one is a decision, not an accident.
    const open = t.app.registeredRoutes
      .filter((r) => r.openBeforeTwoStep && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([
      'GET /api/auth/sessions',
      'GET /api/auth/two-step',
      'GET /api/messages/unread-count',
      // The bell and the email choices on their own /settings (decision 0043).
      'GET /api/notifications',
      'GET /api/notifications/preferences',
      'GET /api/notifications/settings',
      'GET /api/profile',
      'GET /api/role-requests',
      'GET /api/user/settings',
      'GET /ws',
      'POST /api/account/cancel',
      'POST /api/auth/change-password',
      'POST /api/auth/sessions/:id/sign-out',
      'POST /api/auth/sessions/sign-out-others',
      'POST /api/auth/two-step/disable',
      'POST /api/auth/two-step/enable',
      'POST /api/auth/two-step/recovery-codes',
      'POST /api/auth/two-step/setup',
      'POST /api/notifications/read',
      'POST /api/user/settings',
      'PUT /api/notifications/preferences',
      'PUT /api/notifications/settings',
    ]);
  });

  it('lets an admin who has two-step on use the admin tools, with no flag', async () => {
    const admin = await makeAdmin(db());
    await turnOnTwoStep(db(), admin.id, t.clock.now);
    const cookie = await loginAs(t.app, admin);
    expect(await sessionUser(t, cookie)).not.toHaveProperty('twoStepSetupRequired');
    expect((await get(t, '/api/admin/users', cookie)).statusCode).toBe(200);
    // Its sign-in still goes through the second step (decision 0024), not around it.
    expect((await signIn(t.app, admin.email)).res.statusCode).toBe(202);
  });

  it('never touches customers, providers or an admin whose admin role has ended', async () => {
    const customer = await makeCustomer(db());
    const provider = await makeProvider(db());
    const former = await makeAdmin(db(), { expired: true });

    const customerLogin = await signIn(t.app, customer.email);
    expect(customerLogin.res.statusCode).toBe(200);
    expect(customerLogin.res.json()).not.toHaveProperty('twoStepSetupRequired');
    const customerCookie = sessionCookie(customerLogin.res)!;
    expect(await sessionUser(t, customerCookie)).not.toHaveProperty('twoStepSetupRequired');
    const estimate = await makeEstimate(db(), customer);
    expect((await get(t, `/api/estimates/${estimate.id}/bids`, customerCookie)).statusCode).toBe(200);
    // A customer at an admin tool gets the plain 403, not the two-step one.
    expect((await get(t, '/api/admin/users', customerCookie)).json()).toMatchObject({ code: 'FORBIDDEN' });

    const providerCookie = await loginAs(t.app, provider);
    expect(await sessionUser(t, providerCookie)).not.toHaveProperty('twoStepSetupRequired');
    expect((await get(t, '/api/notifications', providerCookie)).statusCode).toBe(200);

    const formerCookie = await loginAs(t.app, former);
    expect(await sessionUser(t, formerCookie)).toMatchObject({ role: 'customer' });
    expect(await sessionUser(t, formerCookie)).not.toHaveProperty('twoStepSetupRequired');
    expect((await get(t, '/api/admin/users', formerCookie)).json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('ADMIN_TWO_STEP=required on the realtime channel (/ws)', () => {
  let t: TestApp;
  let base: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TWO_STEP: 'required' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.close();
  });
  const connect = async (cookie: string) => {
    const s = await openSocket(base, { cookie });
    sockets.push(s);
    return s;
  };

  it('keeps the socket open for the unread count but refuses what such an admin sends, as POST /api/messages does', async () => {
    const db = t.database.db;
    const admin = await makeAdmin(db);
    const customer = await makeCustomer(db);
    const estimate = await makeEstimate(db, customer, { status: 'posted' });
    const adminSocket = await connect(await loginAs(t.app, admin));
    expect(await adminSocket.next('ready')).toMatchObject({ userId: admin.id, unreadCount: 0 });
    const customerCookie = await loginAs(t.app, customer);
    const customerSocket = await connect(customerCookie);
    await customerSocket.next('ready');

    const send = (clientId: string) =>
      adminSocket.send({
        type: 'sendMessage',
        clientId,
        receiverId: customer.id,
        message: { estimateId: estimate.id, content: 'Written with the password alone' },
      });
    send('a1');
    expect(await adminSocket.next('error')).toEqual({
      type: 'error',
      clientId: 'a1',
      status: 403,
      code: TWO_STEP_REQUIRED_CODE,
      message: ADMIN_TWO_STEP_REQUIRED_MESSAGE,
    });
    // Nothing was stored (delivered: see below).
    const inbox = await get(t, '/api/messages', customerCookie);
    expect(inbox.statusCode).toBe(200);
    expect(JSON.stringify(inbox.json())).not.toContain('Written with the password alone');

    // Read marks are refused the same way.
    adminSocket.send({ type: 'markRead', messageIds: [estimate.id] });
    expect(await adminSocket.next('error')).toMatchObject({
      clientId: null,
      status: 403,
      code: TWO_STEP_REQUIRED_CODE,
    });

    // Once two-step is on, the same socket sends.
    await turnOnTwoStep(db, admin.id, t.clock.now);
    send('a2');
    const sent = await adminSocket.next('messageSent');
    expect(sent.clientId).toBe('a2');
    expect((await customerSocket.next('messageReceived')).message.content).toBe(
      'Written with the password alone',
    );
    // The refused one was never delivered: nothing came before this message, on either socket.
    const delivered = (s: TestSocket) =>
      s.events.flatMap((e) =>
        e.type === 'messageReceived' || e.type === 'messageSent' ? [e.message.id] : [],
      );
    expect(delivered(customerSocket)).toEqual([sent.message.id]);
    expect(delivered(adminSocket)).toEqual([sent.message.id]);
  });
});

describe('ADMIN_TWO_STEP=required: no message contents over /ws before two-step', () => {
  let t: TestApp;
  let base: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TWO_STEP: 'required' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.close();
  });

  it('an admin without two-step gets the unread count of a reply, never its text, live or on reconnect', async () => {
    const db = t.database.db;
    const admin = await makeAdmin(db);
    const customer = await makeCustomer(db);
    const estimate = await makeEstimate(db, customer, { status: 'posted' });
    // The admin wrote while two-step was on; then it was turned off (an admin's reset, say).
    await turnOnTwoStep(db, admin.id, t.clock.now);
    const adminCookie = await loginAs(t.app, admin);
    const first = await post(
      t,
      '/api/messages',
      { estimateId: estimate.id, receiverId: customer.id, content: 'Checking your estimate' },
      adminCookie,
    );
    expect(first.statusCode).toBe(201);
    await db.delete(twoStepSettings).where(eq(twoStepSettings.userId, admin.id));

    const adminSocket = await openSocket(base, { cookie: adminCookie });
    sockets.push(adminSocket);
    await adminSocket.next('ready');
    const reply = 'The side gate code is 4512';
    const customerCookie = await loginAs(t.app, customer);
    expect(
      (
        await post(
          t,
          '/api/messages',
          { estimateId: estimate.id, receiverId: admin.id, content: reply },
          customerCookie,
        )
      ).statusCode,
    ).toBe(201);
    // The count arrives, and is the only trace of the reply: no message came before it (the count follows a
    // delivered message, so it is the barrier).
    expect(await adminSocket.next('unreadCount')).toEqual({ type: 'unreadCount', unreadCount: 1 });
    expect(adminSocket.events.filter((e) => e.type === 'messageReceived')).toEqual([]);
    expect(JSON.stringify(adminSocket.events)).not.toContain(reply);

    // Reconnecting from the admin's own message replays nothing either.
    const sentId = (first.json() as { message: { id: string } }).message.id;
    const again = await openSocket(base, { cookie: adminCookie, query: `lastMessageId=${sentId}` });
    sockets.push(again);
    expect(await again.next('synced')).toEqual({ type: 'synced', lastMessageId: sentId });
    expect(JSON.stringify(again.events)).not.toContain(reply);

    // With two-step on again, a reconnect catches up on the reply.
    await turnOnTwoStep(db, admin.id, t.clock.now);
    const after = await openSocket(base, { cookie: adminCookie, query: `lastMessageId=${sentId}` });
    sockets.push(after);
    expect((await after.next('messageReceived')).message.content).toBe(reply);
  });
});

describe('ADMIN_TWO_STEP=optional (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the default, and an admin without two-step uses the admin tools as before', async () => {
    expect(t.app.ctx.config.ADMIN_TWO_STEP).toBe('optional');
    const admin = await makeAdmin(t.database.db);
    const { res, cookie } = await signIn(t.app, admin.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('twoStepSetupRequired');
    expect(await sessionUser(t, cookie!)).not.toHaveProperty('twoStepSetupRequired');
    expect((await get(t, '/api/admin/users', cookie)).statusCode).toBe(200);
    expect((await get(t, '/api/admin/logs', cookie)).statusCode).toBe(200);
  });
});

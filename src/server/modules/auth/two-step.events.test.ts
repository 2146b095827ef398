// Security events of two-step verification (decision 0024; docs/security.md 16.3.1, 16.3.3): turning it on and
// off, a wrong code, a recovery code used, new recovery codes, an admin's reset. Never the secret, a code, a
// recovery code or the challenge.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, makeAdmin, makeCustomer } from '#server/test/factories';
import { createLoggedTestApp, type LogLine, type LoggedTestApp } from '#server/test/log-capture';
import { call, loginAs, postJson, sessionCookie } from '#server/test/login';
import { codeAt } from '#server/test/two-step';

let t: LoggedTestApp;
const secrets = new Set<string>([PASSWORD]);

beforeAll(async () => {
  t = await createLoggedTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

function eventOf(res: LightMyRequestResponse, event: string): LogLine {
  const reqId = res.headers['x-request-id'];
  const found = t.events(event).filter((l) => l.reqId === reqId);
  expect(found, `${event} for request ${String(reqId)}`).toHaveLength(1);
  return found[0]!;
}

describe('two-step verification in the security log', () => {
  it('two-step on and off, a wrong code, a recovery code, new codes, an admin reset; never a secret or code', async () => {
    const user = await makeCustomer(t.database.db);
    let cookie = await loginAs(t.app, user);
    /** Posts as this browser does: it keeps the new session cookie a re-authentication sends (ASVS 7.2.4). */
    const post = async (url: string, payload: object, other?: string) => {
      const res = await call(t.app, { method: 'POST', url, payload }, other ?? cookie);
      const renewed = other ? undefined : sessionCookie(res);
      if (renewed) {
        cookie = renewed;
        secrets.add(renewed.slice(renewed.indexOf('=') + 1));
      }
      return res;
    };

    const { secret } = (await post('/api/auth/two-step/setup', {})).json();
    secrets.add(secret);
    const code = codeAt(secret, t.clock.now);
    const on = await post('/api/auth/two-step/enable', { code, password: PASSWORD });
    expect(on.statusCode).toBe(200);
    const recoveryCodes: string[] = on.json().recoveryCodes;
    for (const c of recoveryCodes) {
      secrets.add(c);
      secrets.add(c.replace('-', ''));
    }
    expect(eventOf(on, 'auth.two_step_enabled')).toMatchObject({ level: 30, userId: user.id });

    const first = await postJson(t.app, '/api/auth/login', { email: user.email, password: PASSWORD });
    expect(first.statusCode).toBe(202);
    const challenge: string = first.json().challenge;
    secrets.add(challenge);
    expect(eventOf(first, 'auth.two_step_required')).toMatchObject({ userId: user.id });
    const wrongCode = code === '999999' ? '888888' : '999999';
    const wrong = await postJson(t.app, '/api/auth/login/two-step', { challenge, code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(eventOf(wrong, 'auth.two_step_failed')).toMatchObject({
      level: 40,
      userId: user.id,
      reason: 'wrong_code',
    });
    const recovered = await postJson(t.app, '/api/auth/login/two-step', {
      challenge,
      recoveryCode: recoveryCodes[0],
    });
    expect(recovered.statusCode).toBe(200);
    expect(eventOf(recovered, 'auth.recovery_code_used')).toMatchObject({ userId: user.id });
    expect(eventOf(recovered, 'auth.login')).toMatchObject({ userId: user.id, reason: 'recovery_code' });

    t.clock.advance(30_000);
    const regenerated = await post('/api/auth/two-step/recovery-codes', {
      password: PASSWORD,
      code: codeAt(secret, t.clock.now),
    });
    expect(regenerated.statusCode).toBe(200);
    for (const c of regenerated.json().recoveryCodes as string[]) secrets.add(c);
    expect(eventOf(regenerated, 'auth.recovery_codes_renewed')).toMatchObject({ userId: user.id });

    t.clock.advance(30_000);
    const off = await post('/api/auth/two-step/disable', {
      password: PASSWORD,
      code: codeAt(secret, t.clock.now),
    });
    expect(off.statusCode).toBe(200);
    expect(eventOf(off, 'auth.two_step_disabled')).toMatchObject({ userId: user.id });

    // The admin's reset, with the admin and the user.
    const admin = await makeAdmin(t.database.db);
    const again = (await post('/api/auth/two-step/setup', {})).json().secret as string;
    secrets.add(again);
    t.clock.advance(30_000);
    expect(
      (await post('/api/auth/two-step/enable', { code: codeAt(again, t.clock.now), password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const reset = await post(`/api/admin/users/${user.id}/two-step/reset`, {}, await loginAs(t.app, admin));
    expect(reset.statusCode).toBe(200);
    expect(eventOf(reset, 'auth.two_step_admin_reset')).toMatchObject({ actorId: admin.id, userId: user.id });

    const raw = t.raw();
    for (const s of secrets) expect(raw, 'a secret in the log').not.toContain(s);
  });
});

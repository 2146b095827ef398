// TRUST_PROXY takes what Fastify's trustProxy takes: true/false, a hop count, or an IP/CIDR (or a comma list of
// them); a bad value stops the boot naming the variable. Behind the configured proxy, the client address (and so
// every rate limit) comes from X-Forwarded-For; from anywhere else the header is ignored.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { uniqueEmail } from '#server/test/factories';

describe('TRUST_PROXY values', () => {
  it.each([
    ['true', true],
    ['yes', true],
    ['false', false],
    ['off', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', '127.0.0.1'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['10.0.0.0/8, 127.0.0.1 ,::1', '10.0.0.0/8,127.0.0.1,::1'],
    ['2001:db8::/32', '2001:db8::/32'],
    ['loopback, uniquelocal', 'loopback,uniquelocal'],
  ])('accepts %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['maybe', '300.1.1.1', '10.0.0.0/33', '::1/129', '10.0.0.1,', '-1', '1.5', 'example.com'])(
    'stops the boot on %j, naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/\bTRUST_PROXY\b/);
    },
  );
});

describe('the client address behind a configured proxy', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Status codes of failed sign-ins sent from `remoteAddress` with these X-Forwarded-For values. */
  async function logins(remoteAddress: string, forwardedFor: string[]) {
    const codes: number[] = [];
    for (const xff of forwardedFor) {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'Wrong123' },
        headers: { 'x-forwarded-for': xff },
        remoteAddress,
      });
      codes.push(res.statusCode);
    }
    return codes;
  }

  it('trusts X-Forwarded-For from the proxy address only', async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_AUTH_PER_IP: '2' });
    // Through the proxy: each forwarded client has its own allowance.
    expect(await logins('127.0.0.1', ['203.0.113.1', '203.0.113.1', '203.0.113.1'])).toEqual([401, 401, 429]);
    expect(await logins('127.0.0.1', ['203.0.113.2'])).toEqual([401]);
    // Straight from elsewhere: the header is ignored, so changing it earns nothing.
    expect(await logins('198.51.100.7', ['192.0.2.1', '192.0.2.2', '192.0.2.3'])).toEqual([401, 401, 429]);
  });

  it('with a hop count, takes the address the nearest proxy saw, not one the client wrote', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_AUTH_PER_IP: '2' });
    // The client forges the first entry; the proxy appends the address it really saw.
    const forged = ['192.0.2.1, 203.0.113.9', '192.0.2.2, 203.0.113.9', '192.0.2.3, 203.0.113.9'];
    expect(await logins('10.0.0.5', forged)).toEqual([401, 401, 429]);
  });
});

// Two server instances on one PostgreSQL database (as behind a load balancer): a session ended on one instance from
// "Where you're signed in" closes its socket held by the other (decision 0025; the realtime plugin closes the sockets of ended sessions).
import { describe, expect, it } from 'vitest';
import type { BuiltApp } from '#server/app';
import type { SignedInSessionList } from '#domain/schemas/session.schema';
import { PASSWORD, makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { hasPostgresServer, twoInstancesOnPostgres } from '#server/test/two-instances';
import { loginAs, sessionCookie } from '#server/test/login';
import { ORIGIN, openSocket, type TestSocket } from '#server/test/ws-client';

describe('two instances on one PostgreSQL', () => {
  const { apps, bases, sockets } = twoInstancesOnPostgres();

  async function socketOnB(cookie: string) {
    const s = await openSocket(bases[1]!, { cookie });
    sockets.push(s);
    await s.next('ready');
    return s;
  }

  it.skipIf(!hasPostgresServer)(
    'ending a session, or all the others, on one instance closes their sockets on the other',
    async () => {
      const a = apps[0] as BuiltApp;
      const customer = await makeCustomer(a.ctx.db);
      const provider = await makeProvider(a.ctx.db, { plan: 'deluxe' });
      const estimate = await makeEstimate(a.ctx.db, customer, { status: 'posted' });
      const providerCookie = await loginAs(a, provider);
      /**
       * A message to the customer, sent on A after what came before: the sockets on B that get it were still
       * open after everything before it (one ordered stream), the barrier instead of a pause.
       */
      const reaches = async (...open: TestSocket[]) => {
        const res = await a.inject({
          method: 'POST',
          url: '/api/messages',
          headers: { cookie: providerCookie },
          payload: { estimateId: estimate.id, receiverId: customer.id, content: 'Hello, I can do this job.' },
        });
        expect(res.statusCode).toBe(201);
        const id = res.json<{ message: { id: string } }>().message.id;
        for (const s of open) {
          expect((await s.next('messageReceived')).message.id).toBe(id);
          expect(s.ws.readyState).toBe(s.ws.OPEN);
        }
      };
      const here = await loginAs(a, customer);
      const phone = await loginAs(a, customer);
      const tablet = await loginAs(a, customer);
      const phoneSocket = await socketOnB(phone);
      const tabletSocket = await socketOnB(tablet);
      const hereSocket = await socketOnB(here);

      const list = await a.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: phone } });
      const phoneId = list.json<SignedInSessionList>().sessions.find((s) => s.current)!.id;
      const one = await a.inject({
        method: 'POST',
        url: `/api/auth/sessions/${phoneId}/sign-out`,
        headers: { cookie: here, origin: ORIGIN },
        payload: { password: PASSWORD },
      });
      expect(one.statusCode).toBe(200);
      expect((await phoneSocket.closed).code).toBe(4401);
      await reaches(tabletSocket, hereSocket);

      // The password again renews this browser's session token (ASVS 7.2.4); its socket on B carries on.
      const renewed = sessionCookie(one)!;
      const others = await a.inject({
        method: 'POST',
        url: '/api/auth/sessions/sign-out-others',
        headers: { cookie: renewed, origin: ORIGIN },
        payload: { password: PASSWORD },
      });
      expect(others.json()).toMatchObject({ ended: 1 });
      expect((await tabletSocket.closed).code).toBe(4401);
      await reaches(hereSocket);

      // B moved the socket to the newest token: signing out with it on A closes the socket on B.
      const out = await a.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: sessionCookie(others)!, origin: ORIGIN },
      });
      expect(out.statusCode).toBe(204);
      expect((await hereSocket.closed).code).toBe(4401);
    },
  );
});

// Resolves the session cookie once per request (the sessions module does the work) and exposes the signed-in
// user to the access guard and the routes as request.user. With ADMIN_TWO_STEP=required, an admin without two-step
// verification gets `twoStepSetupRequired: true` on that user (the access guard closes the admin tools, the web says why).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '#domain/schemas/user.schema';
import { adminMustSetUpTwoStep, type AdminTwoStepPolicy } from '#domain/two-step';
import type { Db } from '#server/db/client';
import {
  clearSessionCookie,
  resolveSession,
  sessionCookieName,
  type SessionSettings,
} from '#server/modules/sessions';
import { toPublicUser, type UserRow } from '#server/modules/users';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user with the role in force now, or null; `twoStepSetupRequired` when an admin must turn two-step
     * verification on first (decision 0028).
     */
    user: PublicUser | null;
    userRow: UserRow | null;
    sessionTokenHash: string | null;
  }
}

const PROBES = new Set(['/healthz', '/readyz']);

export default fp(
  async function sessionPlugin(
    app,
    opts: { db: Db; settings: SessionSettings; now: () => Date; adminTwoStep?: AdminTwoStepPolicy },
  ) {
    const { db, settings, now, adminTwoStep = 'optional' } = opts;
    // Only this name is read: in production a plain `sid` (which a subdomain could set) is ignored.
    const cookieName = sessionCookieName(settings);
    app.decorateRequest('user', null);
    app.decorateRequest('userRow', null);
    app.decorateRequest('sessionTokenHash', null);

    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      // The probes never read the session: /healthz must answer while the database is down (a cookie sent to
      // it would otherwise make liveness depend on the database), and /readyz answers its own 503.
      if (PROBES.has(req.routeOptions.url ?? '')) return;
      const token = req.cookies[cookieName];
      if (!token || token.length > 100) return;
      const t = now();
      const found = await resolveSession(db, settings, token, t, { twoStep: adminTwoStep === 'required' });
      if (!found) {
        clearSessionCookie(reply, settings);
        return;
      }
      const user = toPublicUser(found.user, t);
      req.user = adminMustSetUpTwoStep(adminTwoStep, user.role, found.twoStepOn === true)
        ? { ...user, twoStepSetupRequired: true }
        : user;
      req.userRow = found.user;
      req.sessionTokenHash = found.tokenHash;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);

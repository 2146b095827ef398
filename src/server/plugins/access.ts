// Deny by default: every route declares who may call it in `config.access`, and this one hook enforces it.
// A route without a declaration stops the server from starting. `config.requireVerifiedEmail` adds the
// confirmed-email gate (estimates, bids, messages, public projects): 403 with a message that says to verify.
// With ADMIN_TWO_STEP=required, an admin without two-step verification (request.user.twoStepSetupRequired, set by the
// session plugin) is refused every signed-in route but the few that declare `config.openBeforeTwoStep` (their own
// /settings, with the two-step set-up, and the shell's own counts): 403 TWO_STEP_REQUIRED (decision 0028).
import fp from 'fastify-plugin';
import type { Role } from '#domain/permissions';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import { ADMIN_TWO_STEP_REQUIRED_MESSAGE } from '#domain/two-step';
import { AppError, unauthenticated } from '#server/errors';

/** 'public': anyone; 'authenticated': any signed-in user; a list of roles: signed-in with one of them. */
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Only for a signed-in user whose email is confirmed: anyone else signed in gets 403 with
     * VERIFY_EMAIL_REQUIRED_MESSAGE (the web shows the resend path). Needs an access other than 'public'.
     */
    requireVerifiedEmail?: boolean;
    /**
     * An own-account route (the caller's /settings with the two-step set-up, the shell's own counts) that an admin
     * who must first turn two-step verification on may use (ADMIN_TWO_STEP=required, decision 0028). Every other
     * signed-in route answers such an admin 403 TWO_STEP_REQUIRED: deny by default, as for access.
     */
    openBeforeTwoStep?: boolean;
  }
  interface FastifyInstance {
    /** Every route the app registered, in order: what the authorization matrix and the fuzz test walk. */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** undefined only for the plugin-owned routes below. */
  access: Access | undefined;
  /** The route's zod schemas (params, querystring, body, response...), if it declared any. */
  schema: Record<string, unknown> | undefined;
  /** Whether the route is closed to users whose email is not confirmed. */
  requireVerifiedEmail: boolean;
  /** Whether an admin who must still turn two-step verification on may use it. */
  openBeforeTwoStep: boolean;
}

/** Routes that plugins register (built client assets, API docs) and that are public by nature. */
const pluginOwned = [/^\/assets\//, /^\/api\/docs(\/|$)/, /^\/\*$/];

export default fp(
  async function accessPlugin(app) {
    const registered: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', registered);
    app.addHook('onRoute', (route) => {
      const routeConfig = route.config as
        { access?: Access; requireVerifiedEmail?: boolean; openBeforeTwoStep?: boolean } | undefined;
      const access = routeConfig?.access;
      const requireVerifiedEmail = routeConfig?.requireVerifiedEmail === true;
      const openBeforeTwoStep = routeConfig?.openBeforeTwoStep === true;
      for (const method of [route.method].flat()) {
        registered.push({
          method,
          url: route.url,
          access,
          schema: route.schema as Record<string, unknown> | undefined,
          requireVerifiedEmail,
          openBeforeTwoStep,
        });
      }
      if (requireVerifiedEmail && (access === undefined || access === 'public')) {
        throw new Error(
          `Route ${route.method} ${route.url} requires a verified email but is not signed-in only`,
        );
      }
      if (access === undefined && !pluginOwned.some((re) => re.test(route.url))) {
        throw new Error(
          `Route ${route.method} ${route.url} declares no access (public, authenticated or roles)`,
        );
      }
    });

    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.access;
      if (access === undefined || access === 'public') return;
      if (!req.user) throw unauthenticated();
      if (access !== 'authenticated' && !access.includes(req.user.role)) {
        throw new AppError('FORBIDDEN', 'You do not have permission to do that');
      }
      if (req.user.twoStepSetupRequired === true && req.routeOptions.config.openBeforeTwoStep !== true) {
        throw new AppError('TWO_STEP_REQUIRED', ADMIN_TWO_STEP_REQUIRED_MESSAGE);
      }
      if (req.routeOptions.config.requireVerifiedEmail === true && !req.user.emailVerified) {
        throw new AppError('FORBIDDEN', VERIFY_EMAIL_REQUIRED_MESSAGE);
      }
    });
  },
  { name: 'access', dependencies: ['session'] },
);

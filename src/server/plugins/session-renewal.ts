// A route that asks a signed-in user for their password (or a code) again declares `config.reauthenticates`: when
// it succeeds and the session it came with is still there, that session gets a new token and cookie (ASVS 5.0
// 7.2.4). The old token stops working at once; the sign-in itself goes on (its devices-list entry, lifetime and open
// sockets). A signed-in route whose body takes a password or a code without the flag stops the server from starting.
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Db } from '#server/db/client';
import type { AppEventBus } from '#server/core/app-events';
import { renewSession, type SessionSettings } from '#server/modules/sessions';
import type { Access } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the password or a code of the signed-in user: on success the session's token is renewed. */
    reauthenticates?: boolean;
  }
}

/** Body fields that carry a credential of the signed-in user. */
const CREDENTIAL_FIELDS = new Set(['password', 'currentPassword', 'code', 'recoveryCode']);

/** The credential fields of a route's body schema (a zod object's keys). */
function credentialFields(body: unknown): string[] {
  return body instanceof z.ZodObject ? Object.keys(body.shape).filter((k) => CREDENTIAL_FIELDS.has(k)) : [];
}

export default fp(
  async function sessionRenewalPlugin(app, opts: { db: Db; events: AppEventBus; settings: SessionSettings }) {
    app.addHook('onRoute', (route) => {
      const config = route.config as { access?: Access; reauthenticates?: boolean } | undefined;
      if (config?.access === undefined || config.access === 'public' || config.reauthenticates) return;
      const fields = credentialFields((route.schema as { body?: unknown } | undefined)?.body);
      if (fields.length > 0) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} takes ${fields.join(', ')} from a signed-in user but does not ` +
            'renew the session (config.reauthenticates)',
        );
      }
    });

    app.addHook('onSend', async (req, reply, payload) => {
      if (req.routeOptions.config?.reauthenticates !== true) return payload;
      if (reply.statusCode >= 300 || !req.sessionTokenHash) return payload;
      await renewSession(opts.db, opts.events, opts.settings, reply, req.sessionTokenHash);
      return payload;
    });
  },
  { name: 'session-renewal', dependencies: ['session'] },
);

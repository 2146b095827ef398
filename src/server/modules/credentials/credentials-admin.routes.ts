// The admin's Verifications tab (decision 0046): the credentials by status (pending oldest first, the others newest
// first) with who uploaded them, and the verdict (approve, or deny with the comment the provider is told). Admins
// only; an expired admin acts as a customer (403). The document is read at GET /api/provider/credentials/{id}/document.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCredentialQuerySchema,
  adminCredentialSchema,
  credentialDecisionSchema,
} from '#domain/schemas/pro-profile.schema';
import { unauthenticated } from '#server/errors';
import type { CredentialsService } from './credentials.service.ts';

const tags = ['credentials'];
const params = z.object({ id: z.string().min(1).max(100) });
const admins = { access: ['admin'] as const };
const pageSchema = z.object({
  items: z.array(adminCredentialSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export function credentialsAdminRoutes(credentials: CredentialsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/credentials',
      {
        config: admins,
        schema: { tags, querystring: adminCredentialQuerySchema, response: { 200: pageSchema } },
      },
      async (req) => credentials.adminList(req.query),
    );

    app.put(
      '/api/admin/credentials/:id',
      {
        config: admins,
        schema: { tags, params, body: credentialDecisionSchema, response: { 200: adminCredentialSchema } },
      },
      async (req) => {
        if (!req.user) throw unauthenticated();
        return credentials.decide(req.user, req.params.id, req.body);
      },
    );
  };
}

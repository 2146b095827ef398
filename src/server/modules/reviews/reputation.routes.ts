// Reputation (decision 0044): a provider's, public (also signed out); a customer's, for the providers who bid on
// one of that customer's estimates, admins and the customer themselves (who may see what providers see, as with
// their reviews); anyone else a 404, as for an unknown person. The figures are
// computed in one place, the read model's reputation.repo.ts.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUuid } from '#domain/ids';
import { customerReputationSchema, providerReputationSchema } from '#domain/schemas/review.schema';
import { notFound } from '#server/errors';
import { customerReputations, hasBidOnEstimatesOf, providerReputations } from '#server/modules/read-model';
import { findActiveUserById } from '#server/modules/users';

const tags = ['reviews'];
const params = z.object({ id: z.string().min(1).max(100) });
const PROVIDER_NOT_FOUND = 'Provider not found';
const CUSTOMER_NOT_FOUND = 'Customer not found';

export const reputationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get(
    '/api/providers/:id/reputation',
    {
      config: { access: 'public' },
      schema: { tags, params, response: { 200: providerReputationSchema } },
    },
    async (req) => {
      const { id } = req.params;
      const provider = isUuid(id) ? await findActiveUserById(db, id) : undefined;
      if (!provider || provider.role !== 'provider') throw notFound(PROVIDER_NOT_FOUND);
      const reputation = (await providerReputations(db, [provider.id], now())).get(provider.id);
      if (!reputation) throw notFound(PROVIDER_NOT_FOUND);
      return reputation;
    },
  );

  app.get(
    '/api/customers/:id/reputation',
    {
      // Signed in; who else may read it is decided here, so a customer or a provider without a bid gets the same 404.
      config: { access: 'authenticated' },
      schema: { tags, params, response: { 200: customerReputationSchema } },
    },
    async (req) => {
      const { id } = req.params;
      const viewer = req.user!;
      const customer = isUuid(id) ? await findActiveUserById(db, id) : undefined;
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      const allowed =
        viewer.role === 'admin' ||
        viewer.id === customer.id ||
        (viewer.role === 'provider' && (await hasBidOnEstimatesOf(db, viewer.id, customer.id)));
      if (!allowed) throw notFound(CUSTOMER_NOT_FOUND);
      const reputation = (await customerReputations(db, [customer.id], now())).get(customer.id);
      if (!reputation) throw notFound(CUSTOMER_NOT_FOUND);
      return reputation;
    },
  );
};

// POST /api/estimates/{id}/invitations (decision 0046): the estimate's owner invites a pro to bid on it, from the
// pro's public page; anyone else's estimate answers 404.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationBodySchema, invitationResponseSchema } from '#domain/schemas/pro-profile.schema';
import { unauthenticated } from '#server/errors';
import { createInvitationsService } from './invitations.service.ts';

const params = z.object({ id: z.string().min(1).max(100) });

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInvitationsService(app.ctx);

  app.post(
    '/api/estimates/:id/invitations',
    {
      config: { access: ['customer', 'admin'] },
      schema: {
        tags: ['profiles'],
        params,
        body: invitationBodySchema,
        response: { 201: invitationResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.user || !req.userRow) throw unauthenticated();
      const invitation = await service.invite(req.userRow, req.user.role, req.params.id, req.body.providerId);
      return reply.status(201).send(invitation);
    },
  );
};

// Role change requests: the user's side (POST/GET /api/role-requests) and the admin's review
// (GET /api/admin/role-requests, PUT /api/admin/role-requests/{id}); the admin console adds its screen.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { iso } from '#domain/dates';
import { effectiveRole } from '#domain/permissions';
import {
  adminRoleRequestListSchema,
  adminRoleRequestQuerySchema,
  adminRoleRequestSchema,
  roleRequestItemSchema,
  roleRequestListSchema,
  type AdminRoleRequest,
  type RoleRequestItem,
} from '#domain/schemas/account.schema';
import { roleRequestReviewSchema, roleRequestSchema } from '#domain/schemas/role-request.schema';
import type { UserRow } from '#server/modules/users';
import type { RoleRequestRow } from './role-requests.repo.ts';
import { createRoleRequestsService } from './role-requests.service.ts';

function toItem(r: RoleRequestRow): RoleRequestItem {
  return {
    id: r.id,
    userId: r.userId,
    requestedRole: r.requestedRole,
    reason: r.reason,
    status: r.status,
    requestedAt: r.requestedAt.toISOString(),
    reviewedAt: iso(r.reviewedAt),
    adminComment: r.adminComment,
  };
}

function toAdminItem(r: RoleRequestRow, u: UserRow, now: Date): AdminRoleRequest {
  return {
    ...toItem(r),
    user: {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      role: effectiveRole(u, now),
    },
  };
}

export const roleRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { now } = app.ctx;
  const service = createRoleRequestsService(app.ctx, app.log);

  app.post(
    '/api/role-requests',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['role-requests'], body: roleRequestSchema, response: { 201: roleRequestItemSchema } },
    },
    async (req, reply) => {
      const row = await service.submit(req.user!, req.body.requestedRole, req.body.reason);
      return reply.status(201).send(toItem(row));
    },
  );

  app.get(
    '/api/role-requests',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags: ['role-requests'], response: { 200: roleRequestListSchema } },
    },
    async (req) => (await service.listOwn(req.user!.id)).map(toItem),
  );

  app.get(
    '/api/admin/role-requests',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['role-requests'],
        querystring: adminRoleRequestQuerySchema,
        response: { 200: adminRoleRequestListSchema },
      },
    },
    async (req) => {
      const t = now();
      return (await service.listForAdmin(req.query.status)).map((x) => toAdminItem(x.request, x.user, t));
    },
  );

  app.put(
    '/api/admin/role-requests/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['role-requests'],
        params: z.object({ id: z.string().max(100) }),
        body: roleRequestReviewSchema,
        response: { 200: adminRoleRequestSchema },
      },
    },
    async (req) => {
      const { request, user } = await service.review(
        { id: req.user!.id, from: req },
        req.params.id,
        req.body,
      );
      return toAdminItem(request, user, now());
    },
  );
};

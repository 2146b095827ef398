// The admin console's calls: users, deletion preview and deletion, the audit log, the
// estimate catalogue export and the test-data clean-up. Admins only (an expired admin acts as a customer: 403).
// The role-request review lives in the role-requests module; visit counts in the visits module.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogExportColumns, catalogExportRows } from '#domain/catalog/export';
import { toCsv } from '#domain/csv';
import {
  changeRoleSchema,
  cleanupSelectionSchema,
  deletionPreviewQuerySchema,
} from '#domain/schemas/admin.schema';
import {
  adminEditUserSchema,
  adminUserListSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditLogQuerySchema,
  auditLogSchema,
  bulkDeleteResponseSchema,
  bulkDeleteSchema,
  cleanupExecuteResponseSchema,
  cleanupPreviewQuerySchema,
  cleanupPreviewSchema,
  deletionModeQuerySchema,
  deletionPreviewSchema,
  deletionResultSchema,
  roleChangeResponseSchema,
} from '#domain/schemas/admin-api.schema';
import { messageResponseSchema } from '#domain/schemas/user.schema';
import { AppError } from '#server/errors';
import { createAdminAuditLog } from './admin.audit-log.ts';
import { createAdminCleanup } from './admin.cleanup.ts';
import { createAdminDeletion, deletionReasons } from './admin.deletion.ts';
import { adminOf } from './admin.actor.ts';
import { createAdminUsers } from './admin.users.ts';

const idParams = z.object({ id: z.string().max(100) });
const ID_MISMATCH_MESSAGE = 'The user id in the body does not match the address';
const SIGNED_OUT_MESSAGE = 'The user has been signed out on every device.';
const TWO_STEP_RESET_MESSAGE =
  'Two-step verification is off for this user, and they have been signed out on every device.';
const access = { access: ['admin'] as const };
const tags = ['admin'];

/** The file name of a download made today ("estimate-catalog-2026-11-23.csv"). */
const fileName = (ext: string, at: Date) => `estimate-catalog-${at.toISOString().slice(0, 10)}.${ext}`;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { now } = app.ctx;
  const users = createAdminUsers(app.ctx, app.log);
  const deletion = createAdminDeletion(app.ctx, app.log);
  const auditLog = createAdminAuditLog(app.ctx);
  const cleanup = createAdminCleanup(app.ctx, deletion);

  app.get(
    '/api/admin/users',
    {
      config: access,
      schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } },
    },
    async (req) => users.list(req.query),
  );

  // Registered before /api/admin/users/:id; find-my-way prefers the static segment anyway.
  app.get(
    '/api/admin/users/preview',
    {
      config: access,
      schema: { tags, querystring: deletionPreviewQuerySchema, response: { 200: deletionPreviewSchema } },
    },
    async (req) => deletion.preview(adminOf(req), req.query.ids),
  );

  app.delete(
    '/api/admin/users/bulk',
    {
      config: access,
      schema: { tags, body: bulkDeleteSchema, response: { 200: bulkDeleteResponseSchema } },
    },
    async (req) => deletion.deleteMany(adminOf(req), req.body.userIds, req.body.mode),
  );

  app.get(
    '/api/admin/users/:id',
    { config: access, schema: { tags, params: idParams, response: { 200: adminUserSchema } } },
    async (req) => users.get(req.params.id),
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: access,
      schema: {
        tags,
        params: idParams,
        body: adminEditUserSchema,
        response: { 200: roleChangeResponseSchema },
      },
    },
    async (req) => {
      // The form sends the id it edits; one that differs from the address is a client mix-up, not an edit.
      if (req.body.id !== undefined && req.body.id.toLowerCase() !== req.params.id.toLowerCase()) {
        throw new AppError('BAD_REQUEST', ID_MISMATCH_MESSAGE, { id: ID_MISMATCH_MESSAGE });
      }
      return users.edit(adminOf(req), req.params.id, req.body);
    },
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      config: access,
      schema: { tags, params: idParams, body: changeRoleSchema, response: { 200: roleChangeResponseSchema } },
    },
    async (req) => users.changeRole(adminOf(req), req.params.id, req.body.role),
  );

  // Sign out everywhere (docs/security.md, ASVS 7.4.5): every session of the user ends.
  app.post(
    '/api/admin/users/:id/sign-out',
    { config: access, schema: { tags, params: idParams, response: { 200: messageResponseSchema } } },
    async (req) => {
      await users.endSessions(adminOf(req), req.params.id, req.sessionTokenHash);
      return { message: SIGNED_OUT_MESSAGE };
    },
  );

  // Two-step verification off for a user who lost their device (decision 0024); every session of the user ends.
  app.post(
    '/api/admin/users/:id/two-step/reset',
    { config: access, schema: { tags, params: idParams, response: { 200: messageResponseSchema } } },
    async (req) => {
      await users.resetTwoStep(adminOf(req), req.params.id, req.sessionTokenHash);
      return { message: TWO_STEP_RESET_MESSAGE };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: access,
      schema: {
        tags,
        params: idParams,
        querystring: deletionModeQuerySchema,
        response: { 200: deletionResultSchema },
      },
    },
    async (req) => {
      const result = await deletion.deleteOne(adminOf(req), req.params.id.toLowerCase(), req.query.mode);
      if (result.status === 'deleted') return result;
      const reason = result.reason ?? deletionReasons.failed;
      if (reason === deletionReasons.notFound) throw new AppError('NOT_FOUND', reason);
      if (reason === deletionReasons.alreadyDeleted) throw new AppError('CONFLICT', reason);
      if (result.status === 'skipped') throw new AppError('FORBIDDEN', reason);
      throw new AppError('INTERNAL', reason);
    },
  );

  app.get(
    '/api/admin/logs',
    { config: access, schema: { tags, querystring: auditLogQuerySchema, response: { 200: auditLogSchema } } },
    async (req) => auditLog.list(req.query),
  );

  app.get('/api/admin/estimate-catalog.csv', { config: access, schema: { tags } }, async (_req, reply) => {
    const csv = toCsv(catalogExportColumns, catalogExportRows());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName('csv', now())}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(csv, 'utf8'));
  });

  app.get('/api/admin/estimate-catalog.json', { config: access, schema: { tags } }, async (_req, reply) => {
    const t = now();
    const body = JSON.stringify(
      { exportedAt: t.toISOString(), columns: catalogExportColumns, rows: catalogExportRows() },
      null,
      2,
    );
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName('json', t)}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(body, 'utf8'));
  });

  app.get(
    '/api/admin/cleanup/preview',
    {
      config: access,
      schema: { tags, querystring: cleanupPreviewQuerySchema, response: { 200: cleanupPreviewSchema } },
    },
    async (req) => cleanup.preview(adminOf(req), req.query),
  );

  app.post(
    '/api/admin/cleanup/execute',
    {
      config: access,
      schema: { tags, body: cleanupSelectionSchema, response: { 200: cleanupExecuteResponseSchema } },
    },
    async (req) => cleanup.execute(adminOf(req), req.body.userIds, req.body.mode),
  );
};

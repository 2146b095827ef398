// Role change requests: a user asks for another role with a
// reason; at most one pending request per user (a partial unique index, so parallel requests cannot both
// land); an admin approves (the role changes at once) or denies, with an optional comment. Every review writes
// the audit log and publishes roleRequestReviewed (the requester is told) in the same transaction.
import type { FastifyBaseLogger } from 'fastify';
import { effectiveRole, type Role } from '#domain/permissions';
import { SAME_ROLE_MESSAGE, type RoleRequestReview } from '#domain/schemas/role-request.schema';
import type { AppContext } from '#server/context';
import { AppError, forbidden, notFound } from '#server/errors';
import { securityEvent, type RequestOrigin } from '#server/lib/security-log';
import { auditActions, recordAudit } from '#server/modules/audit';
import * as users from '#server/modules/users';
import * as repo from './role-requests.repo.ts';
import { isUuid } from '#domain/ids';

export const roleRequestMessages = {
  submitted: 'Your role request has been submitted for admin review.',
  pendingExists: 'You already have a pending role request. Please wait for an admin to review it.',
  notFound: 'Role request not found',
  alreadyReviewed: (status: string) => `This role request was already ${status}.`,
  ownRequest: 'You cannot review your own role request.',
} as const;

export function createRoleRequestsService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, now, events } = ctx;

  return {
    async submit(user: { id: string; role: Role }, requestedRole: Role, reason: string) {
      if (requestedRole === user.role) {
        throw new AppError('VALIDATION', SAME_ROLE_MESSAGE, { requestedRole: SAME_ROLE_MESSAGE });
      }
      const row = await repo.insertPendingRequest(db, {
        userId: user.id,
        requestedRole,
        reason,
        requestedAt: now(),
      });
      if (!row) throw new AppError('CONFLICT', roleRequestMessages.pendingExists);
      log.info({ userId: user.id, requestedRole, requestId: row.id }, 'role requested');
      return row;
    },

    listOwn: (userId: string) => repo.listUserRequests(db, userId),

    listForAdmin: (status: Parameters<typeof repo.listRequestsWithUsers>[1]) =>
      repo.listRequestsWithUsers(db, status),

    /** Approves (the role changes now) or denies a pending request; 404 unknown, 409 already reviewed. */
    async review(admin: { id: string; from: RequestOrigin }, requestId: string, review: RoleRequestReview) {
      if (!isUuid(requestId)) throw notFound(roleRequestMessages.notFound);
      const t = now();
      const comment = review.adminComment ? review.adminComment : null;
      const result = await events.transaction(async (tx) => {
        const found = await repo.lockRequestWithUser(tx, requestId);
        if (!found) throw notFound(roleRequestMessages.notFound);
        const { request, user } = found;
        if (request.userId === admin.id) throw forbidden(roleRequestMessages.ownRequest);
        if (request.status !== 'pending') {
          throw new AppError('CONFLICT', roleRequestMessages.alreadyReviewed(request.status));
        }
        const reviewed = await repo.markReviewed(tx, requestId, {
          status: review.status,
          reviewedAt: t,
          reviewedBy: admin.id,
          adminComment: comment,
        });
        if (!reviewed) throw new AppError('CONFLICT', roleRequestMessages.alreadyReviewed('reviewed'));
        const fromRole = effectiveRole(user, t);
        let updatedUser = user;
        if (review.status === 'approved') {
          // An approved admin role is permanent (no expiry) until an admin changes it.
          const changed = await users.updateUser(tx, user.id, {
            role: request.requestedRole,
            adminExpiresAt: null,
            ...users.tasksTrimmedFor(user, user.subscriptionPlan),
          });
          if (changed) updatedUser = changed;
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: review.status === 'approved' ? auditActions.changeRole : auditActions.reviewRoleRequest,
          targetType: 'user',
          targetId: user.id,
          details: {
            roleRequestId: requestId,
            decision: review.status,
            fromRole,
            toRole: review.status === 'approved' ? request.requestedRole : fromRole,
            requestedRole: request.requestedRole,
            adminComment: comment,
            targetUserName: `${user.firstName} ${user.lastName}`,
            targetUserEmail: user.email,
          },
          at: t,
        });
        await events.publish(tx, 'roleRequestReviewed', {
          requestId,
          userId: user.id,
          reviewerId: admin.id,
          status: review.status,
          requestedRole: request.requestedRole,
          at: t,
        });
        return { request: reviewed, user: updatedUser, fromRole };
      });
      log.info(
        { adminId: admin.id, requestId, decision: review.status, userId: result.user.id },
        'role request reviewed',
      );
      if (review.status === 'approved') {
        securityEvent(
          'user.role_changed',
          {
            actorId: admin.id,
            userId: result.user.id,
            fromRole: result.fromRole,
            toRole: result.request.requestedRole,
            roleRequestId: requestId,
            reason: 'role_request_approved',
          },
          admin.from,
        );
      } else {
        securityEvent(
          'role_request.denied',
          { actorId: admin.id, userId: result.user.id, roleRequestId: requestId },
          admin.from,
        );
      }
      return { request: result.request, user: result.user };
    },
  };
}

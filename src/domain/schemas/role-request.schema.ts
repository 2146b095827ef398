// Role change requests: the request form (a role and a reason), its statuses and the admin review.
import { z } from 'zod';
import { roles, type Role } from '../permissions.ts';

export const ROLE_REQUEST_MESSAGE = 'Please select a role and provide a reason for the request.';
export const SAME_ROLE_MESSAGE = 'You already have this role.';

export const roleRequestStatuses = ['pending', 'approved', 'denied'] as const;
export type RoleRequestStatus = (typeof roleRequestStatuses)[number];

/** POST /api/role-requests body: a role and a non-empty reason. */
export const roleRequestSchema = z.object({
  requestedRole: z.enum(roles, { error: ROLE_REQUEST_MESSAGE }),
  reason: z.string({ error: ROLE_REQUEST_MESSAGE }).trim().min(1, ROLE_REQUEST_MESSAGE).max(1000),
});
export type RoleRequestInput = z.infer<typeof roleRequestSchema>;

/** The form for a user whose role is `currentRole`: the requested role must differ from it. */
export function roleRequestFormSchema(currentRole: Role) {
  return roleRequestSchema.refine((v) => v.requestedRole !== currentRole, {
    path: ['requestedRole'],
    message: SAME_ROLE_MESSAGE,
  });
}

/** PUT /api/admin/role-requests/{id} body: approve or deny with an optional comment. */
export const roleRequestReviewSchema = z.object({
  status: z.enum(['approved', 'denied']),
  adminComment: z.string().trim().max(1000).optional().nullable(),
});
export type RoleRequestReview = z.infer<typeof roleRequestReviewSchema>;

// The admin console's API: the query strings, bodies and responses of
// /api/admin/*. The server validates and serializes with these; the web types its calls from them.
import { z } from 'zod';
import { roles } from '../permissions.ts';
import { providerPlanIds } from '../plans.ts';
import { subscriptionPlans } from './user.schema.ts';
import { adminUserFiltersSchema, deletionModes, NO_USERS_SELECTED } from './admin.schema.ts';
import { personName } from './common.ts';

export const AUDIT_LOG_PAGE_SIZE = 20;
export const EMAIL_IN_USE_MESSAGE = 'This email is already used by another account';
export const LAST_ADMIN_MESSAGE = 'At least one active admin must remain';
export const ADMIN_EXPIRY_ONLY_FOR_ADMINS = 'Only admins have an admin expiry date';

/**
 * Names already found valid: building an Intl.DateTimeFormat to check the name was about a tenth of the Users
 * tab's server time, and every request sends the admin's zone. Bounded (case variants are valid names too).
 */
const knownTimeZones = new Set<string>();

/** A time zone the runtime knows (IANA name), for the day boundaries of the date filters. */
const timeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    if (knownTimeZones.has(tz)) return true;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      if (knownTimeZones.size < 1000) knownTimeZones.add(tz);
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/**
 * GET /api/admin/users: the Users tab's filters (admin.schema.ts) plus the admin's time zone (the day a date
 * filter names starts and ends there; UTC by default) and which accounts to list: active ones by default,
 * soft-deleted ones with deleted=only or deleted=include.
 */
export const adminUsersQuerySchema = adminUserFiltersSchema.extend({
  timeZone: timeZoneSchema.default('UTC'),
  deleted: z.enum(['exclude', 'include', 'only']).default('exclude'),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** One account as the admin sees it. role is the stored role; effectiveRole the one in force now. */
export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  effectiveRole: z.enum(roles),
  subscriptionPlan: z.enum(subscriptionPlans),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  adminExpiresAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** Two-step verification on (decision 0024); only in GET /api/admin/users/{id}, not in the list. */
  twoStepEnabled: z.boolean().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/**
 * PUT /api/admin/users/{id}: the Edit User form. The subscription plan only for a
 * provider; adminExpiresAt only for an admin (an ISO date-time, or null to clear it: no expiry). A missing
 * field is left as it is.
 */
export const adminEditUserSchema = z
  .object({
    id: z.string().max(100).optional(),
    firstName: personName('First name is required'),
    lastName: personName('Last name is required'),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(254)
      .pipe(z.string().email('Invalid email address')),
    role: z.enum(roles),
    subscriptionPlan: z.enum(providerPlanIds).optional(),
    adminExpiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((v) => v.role === 'provider' || v.subscriptionPlan === undefined, {
    path: ['subscriptionPlan'],
    message: 'Only providers have a subscription plan',
  })
  .refine((v) => v.role === 'admin' || v.adminExpiresAt == null, {
    path: ['adminExpiresAt'],
    message: ADMIN_EXPIRY_ONLY_FOR_ADMINS,
  });
export type AdminEditUser = z.input<typeof adminEditUserSchema>;

/** PUT /api/admin/users/{userId}/role response: wasDowngraded when an admin gave up their own admin role. */
export const roleChangeResponseSchema = z.object({
  user: adminUserSchema,
  wasDowngraded: z.boolean(),
});
export type RoleChangeResponse = z.infer<typeof roleChangeResponseSchema>;

export const deletionModeQuerySchema = z.object({ mode: z.enum(deletionModes).default('soft') });

export const deletionStatuses = ['deleted', 'skipped', 'failed'] as const;

/** One user's outcome of a deletion: deleted, skipped or failed, with the mode and a reason. */
export const deletionResultSchema = z.object({
  userId: z.string(),
  status: z.enum(deletionStatuses),
  mode: z.enum(deletionModes),
  reason: z.string().nullable(),
});
export type DeletionResult = z.infer<typeof deletionResultSchema>;

/** DELETE /api/admin/users/bulk body: the selection and the mode (soft, the recommended default). */
export const bulkDeleteSchema = z.object({
  userIds: z.array(z.string().trim().min(1).max(100)).min(1, NO_USERS_SELECTED).max(500),
  mode: z.enum(deletionModes).default('soft'),
});

export const bulkDeleteResponseSchema = z.object({
  mode: z.enum(deletionModes),
  results: z.array(deletionResultSchema),
  deleted: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type BulkDeleteResponse = z.infer<typeof bulkDeleteResponseSchema>;

/** The records a deletion would touch (messages: what the user sent, estimates: owned, sessions: open). */
export const deletionCountsSchema = z.object({
  messages: z.number().int(),
  estimates: z.number().int(),
  sessions: z.number().int(),
  /** Jobs as either party, and the reviews written and received (decision 0044). */
  jobs: z.number().int(),
  reviewsWritten: z.number().int(),
  reviewsReceived: z.number().int(),
});

/** GET /api/admin/users/preview?ids=: one item per distinct id asked, in the order asked. */
export const deletionPreviewItemSchema = z.object({
  userId: z.string(),
  exists: z.boolean(),
  user: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      role: z.enum(roles),
      deletedAt: z.string().nullable(),
    })
    .nullable(),
  canDelete: z.boolean(),
  /** Why canDelete is false (Protected: an admin, or the caller; or not found). */
  reason: z.string().nullable(),
  /** Every row in the database that belongs to or points at the user, the account row included. */
  totalRecords: z.number().int(),
  counts: deletionCountsSchema,
});
export type DeletionPreviewItem = z.infer<typeof deletionPreviewItemSchema>;
export const deletionPreviewSchema = z.array(deletionPreviewItemSchema);

/**
 * The audit log's action types: every admin action on an account, the review of a role request that was
 * denied and an admin signing a user out everywhere included.
 */
export const auditActionTypes = [
  'Edit User',
  'Change Role',
  'Delete User',
  'Change Subscription',
  'Review Role Request',
  'Sign Out Everywhere',
  'Reset Two-Step Verification',
] as const;

/** GET /api/admin/logs?adminId&actionType&page: newest first, AUDIT_LOG_PAGE_SIZE a page. */
export const auditLogQuerySchema = z.object({
  adminId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
  actionType: z
    .enum(['', 'all', ...auditActionTypes])
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  actionType: z.string(),
  adminId: z.string().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  targetUserId: z.string().nullable(),
  targetUserName: z.string().nullable(),
  targetUserEmail: z.string().nullable(),
  /** Before/after values and the like; never a password or token. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/** GET /api/admin/cleanup/preview: test-looking accounts (scope=test, default) or every deletable one (all). */
export const cleanupPreviewQuerySchema = z.object({
  scope: z.enum(['test', 'all']).default('test'),
  search: z.string().trim().max(200).default(''),
});

export const cleanupPreviewSchema = z.object({
  totalUsers: z.number().int(),
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      role: z.enum(roles),
      created_at: z.string(),
      is_test: z.boolean(),
      counts: z.object({
        estimates: z.number().int(),
        messages: z.number().int(),
        posted_tasks: z.number().int(),
        conversations: z.number().int(),
      }),
    }),
  ),
});
export type CleanupPreview = z.infer<typeof cleanupPreviewSchema>;

/** POST /api/admin/cleanup/execute response: the mode and the ids actually deleted, with every outcome. */
export const cleanupExecuteResponseSchema = z.object({
  mode: z.enum(deletionModes),
  userIds: z.array(z.string()),
  results: z.array(deletionResultSchema),
});
export type CleanupExecuteResponse = z.infer<typeof cleanupExecuteResponseSchema>;

// The notification centre (decisions 0021, 0043): every signed-in person's notifications (the list, paged, unread
// only on request, with the unread count), marking read, the email choice per kind, the old all-or-defaults email
// switch, and the admins' view of notification mail.
import { z } from 'zod';
import { emailChoices, notificationKinds } from '../notification-kinds.ts';

export { notificationKinds, type NotificationKind } from '../notification-kinds.ts';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  /** One line. */
  body: z.string(),
  /** The path of the screen where it is acted on (/jobs/{id}, /estimates/{id}, /messages/…). */
  link: z.string(),
  /** The public name of who caused it (a first name and initial, or a company), null for the system. */
  actorName: z.string().nullable(),
  estimateId: z.string().nullable(),
  /** The live project an estimate_posted notification about a public project is about. */
  projectId: z.string().nullable(),
  /** The job it is about, if any. */
  jobId: z.string().nullable(),
  /** Pushed live at once (everything but new work for a plan without priority notifications). */
  priority: z.boolean(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unreadCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: the given ones, or every unread one when `ids` is left out. */
export const markNotificationsReadSchema = z.object({
  ids: z.array(z.string().uuid('Invalid notification id')).min(1).max(100).optional(),
});
export const markNotificationsReadResponseSchema = z.object({
  marked: z.number().int(),
  unreadCount: z.number().int(),
});

/** The old switch: false turns every kind's email off, true puts every kind back to its default. */
export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean({ message: 'emailNotifications must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const emailChoiceSchema = z.enum(emailChoices, {
  message: `Choose one of: ${emailChoices.join(', ')}`,
});

/**
 * GET /api/notifications/preferences: the email choice of every kind the person can receive (their role's kinds);
 * `choices` names what each kind may be set to (hourly only for new work).
 */
export const notificationPreferencesSchema = z.object({
  email: z.partialRecord(z.enum(notificationKinds), emailChoiceSchema),
  choices: z.partialRecord(z.enum(notificationKinds), z.array(emailChoiceSchema)),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PUT /api/notifications/preferences: only the kinds it changes (none: nothing changes); answers the whole
 * preferences.
 */
export const notificationPreferencesUpdateSchema = z.object({
  email: z.partialRecord(
    z.enum(notificationKinds, { message: 'Unknown notification kind' }),
    emailChoiceSchema,
  ),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** The notification mail an admin sees on the Mail view (never its body: it carries personal links). */
export const notificationMailStatuses = ['pending', 'sent', 'failed'] as const;
export const adminMailQuerySchema = z.object({
  status: z.enum(notificationMailStatuses).default('failed'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminMailItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** A kind, or `daily` / `hourly` for a digest. */
  kind: z.string(),
  status: z.enum(notificationMailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export const adminMailListSchema = z.object({
  items: z.array(adminMailItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMailList = z.infer<typeof adminMailListSchema>;

export const NOTIFICATION_MESSAGES = {
  settingsSaved: 'Notification settings saved',
  settingsFailed: 'Failed to update notification settings',
  loadFailed: 'Failed to load notifications',
  empty: 'No notifications yet. What happens on your estimates, bids and jobs will appear here.',
  emptyUnread: 'No unread notifications.',
  markAllRead: 'Mark all as read',
} as const;

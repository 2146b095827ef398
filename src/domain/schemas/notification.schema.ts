// Provider notifications (decision 0021): new posted work a provider may act on, their
// accepted bids, edits of work they bid on, the New Notifications count, marking read, and the email digest
// switch.
import { z } from 'zod';

export const notificationKinds = [
  'estimate_posted',
  'bid_accepted',
  'estimate_updated',
  'project_posted',
  /** The customer hired another provider: the bid was declined ("Not selected"). */
  'bid_declined',
  /** The customer (or the system: a timed confirmation, a closed account) moved the provider's job on. */
  'job_changed',
  /** The provider's quote passed its valid-until date unaccepted. */
  'quote_expired',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds about the provider's own job: they carry its id (the job page, /jobs/{jobId}). */
export const jobNotificationKinds: readonly NotificationKind[] = ['bid_accepted', 'job_changed'];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  estimateId: z.string().nullable(),
  /** The live project a project_posted notification is about (null for the other kinds). */
  projectId: z.string().nullable(),
  /** The provider's job a bid_accepted or job_changed notification is about (null or absent for the others). */
  jobId: z.string().nullable().optional(),
  title: z.string(),
  body: z.string(),
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

export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean({ message: 'emailNotifications must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const NOTIFICATION_MESSAGES = {
  settingsSaved: 'Notification settings saved',
  settingsFailed: 'Failed to update notification settings',
  loadFailed: 'Failed to load notifications',
  empty: 'No notifications yet. New posted work in your categories will appear here.',
} as const;

/** The digest's subject line. */
export function digestSubject(count: number): string {
  return count === 1 ? 'HomeFix: 1 new notification' : `HomeFix: ${count} new notifications`;
}

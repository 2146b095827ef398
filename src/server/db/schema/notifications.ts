import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { estimates } from './estimates.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * A provider's in-app notification (decision 0021): new posted work they may act on, or
 * their bid accepted. Written in the transaction that posts the estimate or accepts the bid, so an acknowledged
 * post never loses them. `emailPending` marks the ones still owed in the next email digest (at most one mail
 * per hour per provider).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * 'estimate_posted' | 'bid_accepted' | 'estimate_updated' | 'project_posted' | 'bid_declined' (not selected) |
     * 'job_changed' (the customer or the system moved the job on) | 'quote_expired'. The job of a bid_accepted or
     * job_changed one is the job on `estimateId` whose provider is `userId` (one job per estimate): no column.
     */
    kind: text().notNull(),
    estimateId: uuid().references(() => estimates.id, { onDelete: 'cascade' }),
    /** The public project a 'project_posted' notification is about (decision 0038). */
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    /** Deluxe and enterprise: pushed live to the provider's open pages ("priority notifications"). */
    priority: boolean().notNull().default(false),
    emailPending: boolean().notNull().default(false),
    createdAt: timestamp(tz).notNull().defaultNow(),
    readAt: timestamp(tz),
  },
  (t) => [
    // A provider's list, newest first.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The New Notifications count.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    // A project's notifications, found when it goes (its owner's account deleted): the few that have one.
    index('notifications_project_idx')
      .on(t.projectId)
      .where(sql`project_id is not null`),
    // The digest's queue.
    index('notifications_email_pending_idx')
      .on(t.userId, t.createdAt)
      .where(sql`email_pending`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A provider's notification settings; no row means the defaults (email on, never mailed). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailEnabled: boolean().notNull().default(true),
  /** When the last digest went out: the next one waits an hour from it. */
  lastEmailedAt: timestamp(tz),
});

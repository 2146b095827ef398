import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { estimates } from './estimates.ts';
import { jobs } from './jobs.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * A person's in-app notification (decisions 0021, 0043): one of the kinds of src/domain/notification-kinds, written
 * in the writer's transaction, so an acknowledged write never loses them. Its email: `emailState` 'none' (no mail:
 * the kind's email is off, or written before there was any), 'pending' (owed at `emailDueAt`: at once, at the end
 * of the kind's 15-minute window, in the next hourly or daily digest), 'queued' (composed into notification_mail),
 * 'skipped' (due when the address was not confirmed or the choice had become off).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A kind of src/domain/notification-kinds (migration 0021 renamed the older ones). */
    kind: text().notNull(),
    estimateId: uuid().references(() => estimates.id, { onDelete: 'cascade' }),
    /** The public project an estimate_posted notification is about (decision 0038). */
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    /** The job it is about, if any. */
    jobId: uuid().references(() => jobs.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    /** The path of the screen where it is acted on. */
    link: text().notNull(),
    /** The public name of who caused it; null for the system. */
    actorName: text(),
    /** Pushed live to the person's open pages (all kinds but new work for a plan without priority notifications). */
    priority: boolean().notNull().default(false),
    /** No longer written or read (decision 0043): kept until no server of the versions that wrote it runs. */
    emailPending: boolean().notNull().default(false),
    emailState: text().notNull().default('none'),
    emailDueAt: timestamp(tz),
    createdAt: timestamp(tz).notNull().defaultNow(),
    readAt: timestamp(tz),
  },
  (t) => [
    // A person's list, newest first.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    // A project's notifications, found when it goes (its owner's account deleted): the few that have one.
    index('notifications_project_idx')
      .on(t.projectId)
      .where(sql`project_id is not null`),
    index('notifications_job_idx')
      .on(t.jobId)
      .where(sql`job_id is not null`),
    // The mail composer's queue: what is owed, by when.
    index('notifications_email_due_idx')
      .on(t.emailDueAt)
      .where(sql`email_state = 'pending'`),
    index('notifications_email_user_idx')
      .on(t.userId, t.kind)
      .where(sql`email_state = 'pending'`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * A person's notification settings; no row means the defaults. `emailChoices` holds only the kinds they changed
 * (kind to 'immediately' | 'hourly' | 'daily' | 'off'); `unsubscribeKey` signs their one-click unsubscribe links
 * (made on the first mail; a new key voids every link sent before).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** No longer written or read (decision 0043; migration 0021 turned false into every kind off). */
  emailEnabled: boolean().notNull().default(true),
  /** No longer written or read (decision 0043). */
  lastEmailedAt: timestamp(tz),
  emailChoices: jsonb().$type<Record<string, string>>().notNull().default({}),
  unsubscribeKey: text(),
});

/**
 * The notification mail outbox (decision 0043): composed mail, sent by one sender at a time per mail across
 * instances (a claim with FOR UPDATE SKIP LOCKED until `claimedUntil`), retried with a growing pause after a
 * refusal, and 'failed' once a day old unsent. `kind` is a notification kind (an immediate mail) or 'daily' /
 * 'hourly' (a digest); the 15-minute window of a kind is read from here.
 */
export const notificationMail = pgTable(
  'notification_mail',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** List-Unsubscribe and List-Unsubscribe-Post. */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** 'pending' | 'sent' | 'failed'. */
    status: text().notNull().default('pending'),
    /** Sends tried, the one that went out included. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp(tz).notNull().defaultNow(),
    claimedBy: text(),
    claimedUntil: timestamp(tz),
    lastError: text(),
    createdAt: timestamp(tz).notNull().defaultNow(),
    sentAt: timestamp(tz),
  },
  (t) => [
    // The sender's claim.
    index('notification_mail_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    // A kind's window per person.
    index('notification_mail_user_kind_idx').on(t.userId, t.kind, t.createdAt.desc()),
    // The admins' Mail view.
    index('notification_mail_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
export type NotificationMailRow = typeof notificationMail.$inferSelect;

// Writing notifications (decision 0043): one way for every kind. A writer's transaction-phase handler builds the
// rows; this plans each row's email from the recipient's choices (notification-email-plan), inserts them in the
// writer's transaction and publishes notificationsCreated there, so the bell is pushed and the mail sender woken
// once the write is committed.
import type { NotificationKind } from '#domain/notification-kinds';
import type { AppEventBus } from '#server/core/app-events';
import type { Executor } from '#server/db/client';
import { planEmails } from './notification-email-plan.ts';
import * as repo from './notifications.repo.ts';

/** One notification for one person, as a writer builds it. */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  /** One line. */
  body: string;
  /** The path of the screen where it is acted on. */
  link: string;
  /** The public name of who caused it; null or absent for the system. */
  actorName?: string | null;
  estimateId?: string | null;
  projectId?: string | null;
  jobId?: string | null;
  /** Pushed live at once: everything but new work for a plan without priority notifications. */
  priority: boolean;
  createdAt: Date;
}

export type Events = Pick<AppEventBus, 'publish'>;

/** Inserts notifications in the writer's transaction, each with its email planned, and says so. */
export async function writeNotifications(
  tx: Executor,
  events: Events,
  rows: readonly NotificationInput[],
): Promise<void> {
  if (rows.length === 0) return;
  const planned = await planEmails(tx, rows);
  await repo.insertNotifications(tx, planned);
  await events.publish(tx, 'notificationsCreated', {
    userIds: [...new Set(rows.map((r) => r.userId))],
    priorityUserIds: [...new Set(rows.filter((r) => r.priority).map((r) => r.userId))],
  });
}

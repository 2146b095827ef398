// The notification centre's reads (decisions 0021, 0043): a person's list (newest first, paged, unread only on
// request) with its unread count, marking read, and the live push of the unread count once new
// notifications are committed. What each event writes is in notifications.writes.ts.
import {
  notificationKinds,
  type Notification,
  type NotificationList,
} from '#domain/schemas/notification.schema';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import type { Realtime } from '#server/plugins/realtime';
import * as repo from './notifications.repo.ts';

// The writers of every kind live in notifications.writes.ts.
export { registerNotificationWrites } from './notifications.writes.ts';

/** Users per realtime event, so that one payload stays far below NOTIFY's 8000-byte limit. */
const USERS_PER_PUSH = 100;

/**
 * Pushes the new unread count to the open pages of the providers who got priority notifications (deluxe,
 * enterprise, an accepted bid), once they are committed; starter notifications appear on the next load.
 */
export function registerPriorityPushes(realtime: Realtime, db: Executor): void {
  realtime.carry('notificationsCreated', {
    kind: 'notified',
    toWire: ({ priorityUserIds }) => {
      const parts = [];
      for (let i = 0; i < priorityUserIds.length; i += USERS_PER_PUSH) {
        parts.push({ userIds: priorityUserIds.slice(i, i + USERS_PER_PUSH) });
      }
      return parts;
    },
    async deliver({ userIds }, local) {
      for (const userId of userIds) {
        const sockets = local.of(userId);
        if (sockets.length === 0) continue;
        const unreadCount = await repo.unreadCount(db, userId);
        for (const c of sockets) local.send(c, { type: 'notifications', unreadCount });
      }
    },
  });
}

function toNotification(r: repo.NotificationRow): Notification {
  return {
    id: r.id,
    kind: notificationKinds.find((k) => k === r.kind) ?? 'estimate_posted',
    title: r.title,
    body: r.body,
    link: r.link,
    actorName: r.actorName,
    estimateId: r.estimateId,
    projectId: r.projectId,
    jobId: r.jobId,
    priority: r.priority,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
  };
}

export function createNotificationsService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db, now } = ctx;

  async function list(
    userId: string,
    q: { page: number; pageSize: number; unread: boolean },
  ): Promise<NotificationList> {
    const { rows, total, unread } = await repo.listNotifications(db, userId, q);
    return {
      items: rows.map(toNotification),
      total,
      unreadCount: unread,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function markRead(userId: string, ids: string[] | undefined) {
    const marked = await repo.markRead(db, userId, ids ?? null, now());
    return { marked, unreadCount: await repo.unreadCount(db, userId) };
  }

  return { list, markRead };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

// Provider notifications (decision 0021). When an estimate is posted for the first time, every provider whose plan
// opens its category (the domain's canAccess, the rule every provider read uses) gets an in-app notification,
// written in the posting's own transaction (a handler of the estimatePosted event in its transaction phase);
// deluxe and enterprise ones are marked priority and pushed live to their open pages. Accepting a bid tells its
// provider the same way (bidAccepted), and an owner's edit of a posted estimate tells everyone who bid on it
// (estimateUpdated). Everyone with email on (the default) also gets an email digest of what is
// new, at most one mail per hour.
import { categoryLabel } from '#domain/catalog/categories';
import { canAccess, effectiveProviderPlan, isFeaturedPlan } from '#domain/plans';
import { estimateCategoryOfProject } from '#domain/project-categories';
import { formatWholeCents } from '#domain/format';
import {
  digestSubject,
  notificationKinds,
  type Notification,
  type NotificationList,
  type NotificationSettings,
} from '#domain/schemas/notification.schema';
import { escapeHtml } from '#server/lib/html';
import type { AppContext } from '#server/context';
import type { AppEventBus, AppEvents } from '#server/core/app-events';
import type { Executor } from '#server/db/client';
import type { Mail } from '#server/modules/mail';
import type { Realtime } from '#server/plugins/realtime';
import { providerAccessSubject } from '#server/modules/users';
import * as repo from './notifications.repo.ts';

/** The digest's pace: one mail per provider per hour at most. */
export const DIGEST_EVERY_MS = 60 * 60_000;
/** Providers handled per digest run (the next run takes the rest). */
const DIGEST_BATCH = 200;

type Events = Pick<AppEventBus, 'publish'>;

/** Inserts notifications in the writer's transaction and says so (notificationsCreated, in that transaction). */
async function write(tx: Executor, events: Events, rows: repo.NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await repo.insertNotifications(tx, rows);
  await events.publish(tx, 'notificationsCreated', {
    userIds: [...new Set(rows.map((r) => r.userId))],
    priorityUserIds: [...new Set(rows.filter((r) => r.priority).map((r) => r.userId))],
  });
}

/** The notifications of a first posting, in the posting's transaction; a repost tells nobody again. */
async function notifyPosted(tx: Executor, events: Events, e: AppEvents['estimatePosted']): Promise<void> {
  if (!e.first) return;
  const { estimate, at } = e;
  const candidates = await repo.activeProviders(tx, at, estimate.ownerId);
  const rows: repo.NewNotification[] = [];
  for (const p of candidates) {
    if (!canAccess(providerAccessSubject(p), estimate.category, null, at).allowed) continue;
    rows.push({
      userId: p.id,
      kind: 'estimate_posted',
      estimateId: estimate.id,
      title: `New ${estimate.taskName} job in ${estimate.regionLabel}`,
      body: `${estimate.title}: ${formatWholeCents(estimate.minCents)} – ${formatWholeCents(estimate.maxCents)}`,
      priority: isFeaturedPlan(effectiveProviderPlan(p, at)),
      emailPending: p.emailEnabled,
      createdAt: at,
    });
  }
  await write(tx, events, rows);
}

/**
 * The notifications of a new public project, in the posting's transaction: each provider whose plan opens the
 * estimate category of the project's category (canAccess, as for a posted estimate) is told once (decision 0038).
 */
async function notifyProjectPosted(
  tx: Executor,
  events: Events,
  e: AppEvents['projectPosted'],
): Promise<void> {
  const { project, at } = e;
  const category = estimateCategoryOfProject(project.category);
  if (!category) return;
  const candidates = await repo.activeProviders(tx, at, project.ownerId);
  const budget = projectBudgetText(project.minCents, project.maxCents);
  const rows: repo.NewNotification[] = [];
  for (const p of candidates) {
    if (!canAccess(providerAccessSubject(p), category, null, at).allowed) continue;
    rows.push({
      userId: p.id,
      kind: 'project_posted',
      projectId: project.id,
      title: `New ${categoryLabel(category)} project in ${project.city}`,
      body: budget ? `${project.title}: ${budget}` : project.title,
      priority: isFeaturedPlan(effectiveProviderPlan(p, at)),
      emailPending: p.emailEnabled,
      createdAt: at,
    });
  }
  await write(tx, events, rows);
}

/** "$5,000 – $9,000", "up to $9,000", "from $5,000" (whole dollars, as every range), or nothing without a budget. */
function projectBudgetText(minCents: number | null, maxCents: number | null): string | null {
  if (minCents != null && maxCents != null)
    return `${formatWholeCents(minCents)} – ${formatWholeCents(maxCents)}`;
  if (maxCents != null) return `up to ${formatWholeCents(maxCents)}`;
  if (minCents != null) return `from ${formatWholeCents(minCents)}`;
  return null;
}

/** Tells a provider their bid was accepted, in the acceptance's transaction. */
async function notifyBidAccepted(tx: Executor, events: Events, e: AppEvents['bidAccepted']): Promise<void> {
  const emailPending = await repo.emailEnabled(tx, e.providerId);
  await write(tx, events, [
    {
      userId: e.providerId,
      kind: 'bid_accepted',
      estimateId: e.estimateId,
      title: 'Your bid was accepted',
      body: `${e.customerName} accepted your bid on "${e.estimateTitle}". Message them to arrange the work.`,
      priority: true,
      emailPending,
      createdAt: e.at,
    },
  ]);
}

/** What the bidders read of an edit: the new title, and which of title and description changed. */
export function estimateUpdatedText(e: Pick<AppEvents['estimateUpdated'], 'title' | 'changed'>) {
  const what =
    e.changed.length === 2
      ? 'the title and the description'
      : e.changed[0] === 'title'
        ? 'the title'
        : 'the description';
  return {
    title: `The customer updated “${e.title}”.`,
    body: `They changed ${what}. Read it again before you message them.`,
  };
}

/**
 * Tells each provider who bid on a posted estimate, once per edit, that its owner changed the title or the
 * description, in the edit's transaction. Priority, as an accepted bid is: it is about work they offered to do.
 */
async function notifyEstimateUpdated(
  tx: Executor,
  events: Events,
  e: AppEvents['estimateUpdated'],
): Promise<void> {
  const text = estimateUpdatedText(e);
  const rows = (await repo.bidders(tx, e.estimateId, e.editorId)).map((p): repo.NewNotification => ({
    userId: p.id,
    kind: 'estimate_updated',
    estimateId: e.estimateId,
    ...text,
    priority: true,
    emailPending: p.emailEnabled,
    createdAt: e.at,
  }));
  await write(tx, events, rows);
}

/** Registers the notifications written with a posting, a bid acceptance and an edit, in their transactions. */
export function registerNotificationWrites(events: AppEventBus): void {
  events.inTransaction('estimatePosted', (tx, e) => notifyPosted(tx, events, e));
  events.inTransaction('bidAccepted', (tx, e) => notifyBidAccepted(tx, events, e));
  events.inTransaction('projectPosted', (tx, e) => notifyProjectPosted(tx, events, e));
  events.inTransaction('estimateUpdated', (tx, e) => notifyEstimateUpdated(tx, events, e));
}

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
    estimateId: r.estimateId,
    projectId: r.projectId,
    title: r.title,
    body: r.body,
    priority: r.priority,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
  };
}

function digestMail(to: string, firstName: string, items: repo.NotificationRow[], appUrl: string): Mail {
  const name = firstName.trim() || 'there';
  const link = (r: repo.NotificationRow) =>
    r.projectId
      ? `${appUrl}/projects/${r.projectId}`
      : r.estimateId
        ? `${appUrl}/estimates/${r.estimateId}`
        : appUrl;
  const settings = `${appUrl}/provider/settings`;
  return {
    to,
    subject: digestSubject(items.length),
    text: [
      `Hi ${name},`,
      '',
      'Here is what is new for you on HomeFix Marketplace:',
      '',
      ...items.flatMap((r) => [`- ${r.title}`, `  ${r.body}`, `  ${link(r)}`]),
      '',
      `You get at most one of these emails an hour. Turn them off in your settings: ${settings}`,
      '',
      'The HomeFix Marketplace team',
    ].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
      `<p>Hi ${escapeHtml(name)},</p><p>Here is what is new for you on HomeFix Marketplace:</p><ul>`,
      ...items.map(
        (r) =>
          `<li style="margin:0 0 12px"><a href="${escapeHtml(link(r))}">${escapeHtml(r.title)}</a><br>${escapeHtml(r.body)}</li>`,
      ),
      `</ul><p>You get at most one of these emails an hour. <a href="${escapeHtml(settings)}">Turn them off in your settings</a>.</p>`,
      '<p>The HomeFix Marketplace team</p></body></html>',
    ].join('\n'),
  };
}

export function createNotificationsService(ctx: Pick<AppContext, 'db' | 'now' | 'mailer' | 'config'>) {
  const { db, now, mailer, config } = ctx;

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

  async function settings(userId: string): Promise<NotificationSettings> {
    return { emailNotifications: await repo.emailEnabled(db, userId) };
  }

  async function saveSettings(userId: string, s: NotificationSettings): Promise<NotificationSettings> {
    await db.transaction((tx) => repo.setEmailEnabled(tx, userId, s.emailNotifications));
    return s;
  }

  /**
   * Sends the digests that are due: for each provider with pending notifications whose last digest is an hour
   * old (or who never had one), one mail with everything pending. The slot is claimed in the database first,
   * so instances running this at once never both mail someone. A mail the server refuses goes back in the
   * queue for the next run.
   */
  async function sendDigests(): Promise<{ sent: number; failed: number }> {
    const t = now();
    const due = await repo.digestCandidates(db, t, DIGEST_EVERY_MS, DIGEST_BATCH);
    let sent = 0;
    let failed = 0;
    for (const { userId } of due) {
      const taken = await db.transaction(async (tx) => {
        if (!(await repo.claimDigest(tx, userId, t, DIGEST_EVERY_MS))) return null;
        const recipient = await repo.findRecipient(tx, userId);
        const items = await repo.takePending(tx, userId);
        // Mail goes only to a confirmed address; an unconfirmed one keeps its in-app notifications.
        return recipient?.verified && items.length > 0 ? { recipient, items } : null;
      });
      if (!taken) continue;
      try {
        await mailer.send(
          digestMail(taken.recipient.email, taken.recipient.firstName, taken.items, config.APP_URL),
        );
        sent++;
      } catch {
        failed++;
        await repo.releaseDigest(
          db,
          userId,
          taken.items.map((r) => r.id),
        );
      }
    }
    return { sent, failed };
  }

  return { list, markRead, settings, saveSettings, sendDigests };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

// Provider notifications (decision 0021). When an estimate is posted for the first time, every provider whose plan
// opens its category (the domain's canAccess, the rule every provider read uses) gets an in-app notification,
// written in the posting's own transaction (a handler of the estimatePosted event in its transaction phase);
// deluxe and enterprise ones are marked priority and pushed live to their open pages. Accepting a bid tells its
// provider the same way (bidAccepted), and an owner's edit of a posted estimate tells everyone who bid on it
// (estimateUpdated). A hire tells the providers not selected (bidsDeclined); the customer's or the system's moves
// on a job tell its provider (jobChanged); a quote past its validity tells its provider (quoteExpired), in the
// words of decision 0041. Everyone
// with email on (the default) also gets an email digest of what is new, at most one mail per hour.
import { categoryLabel } from '#domain/catalog/categories';
import { canAccess, effectiveProviderPlan, isFeaturedPlan } from '#domain/plans';
import { estimateCategoryOfProject } from '#domain/project-categories';
import { formatWholeCents } from '#domain/format';
import { jobEventKinds, type NotificationKind } from '#domain/notification-kinds';
import {
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
import { writeNotifications, type Events, type NotificationInput } from './notifications.store.ts';

const write = writeNotifications;

/** The notifications of a first posting, in the posting's transaction; a repost tells nobody again. */
async function notifyPosted(tx: Executor, events: Events, e: AppEvents['estimatePosted']): Promise<void> {
  if (!e.first) return;
  const { estimate, at } = e;
  const candidates = await repo.activeProviders(tx, at, estimate.ownerId);
  const rows: NotificationInput[] = [];
  for (const p of candidates) {
    if (!canAccess(providerAccessSubject(p), estimate.category, null, at).allowed) continue;
    rows.push({
      userId: p.id,
      kind: 'estimate_posted',
      estimateId: estimate.id,
      link: `/estimates/${estimate.id}`,
      title: `New ${estimate.taskName} job in ${estimate.regionLabel}`,
      body: `${estimate.title}: ${formatWholeCents(estimate.minCents)} – ${formatWholeCents(estimate.maxCents)}`,
      priority: isFeaturedPlan(effectiveProviderPlan(p, at)),
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
  const rows: NotificationInput[] = [];
  for (const p of candidates) {
    if (!canAccess(providerAccessSubject(p), category, null, at).allowed) continue;
    rows.push({
      userId: p.id,
      kind: 'estimate_posted',
      projectId: project.id,
      link: `/projects/${project.id}`,
      title: `New ${categoryLabel(category)} project in ${project.city}`,
      body: budget ? `${project.title}: ${budget}` : project.title,
      priority: isFeaturedPlan(effectiveProviderPlan(p, at)),
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
  await write(
    tx,
    events,
    priorityRows([{ id: e.providerId }], {
      kind: 'bid_accepted',
      estimateId: e.estimateId,
      jobId: e.jobId,
      title: 'Your bid was accepted',
      body: `${e.customerName} accepted your bid on "${e.estimateTitle}". Message them to arrange the work.`,
      at: e.at,
    }),
  );
}

/**
 * One priority notification about an estimate for each recipient (their digest follows their setting): what is
 * about work they offered to do (an edit, a hire, a job step, their quote) is told at once.
 */
function priorityRows(
  recipients: readonly { id: string }[],
  about: {
    kind: NotificationKind;
    estimateId: string;
    jobId?: string;
    link?: string;
    title: string;
    body: string;
    at: Date;
  },
): NotificationInput[] {
  return recipients.map((p) => ({
    userId: p.id,
    kind: about.kind,
    estimateId: about.estimateId,
    jobId: about.jobId ?? null,
    link: about.link ?? (about.jobId ? `/jobs/${about.jobId}` : `/estimates/${about.estimateId}`),
    title: about.title,
    body: about.body,
    priority: true,
    createdAt: about.at,
  }));
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
  const bidders = await repo.bidders(tx, e.estimateId, e.editorId);
  await write(
    tx,
    events,
    priorityRows(bidders, { kind: 'estimate_edited', estimateId: e.estimateId, ...text, at: e.at }),
  );
}

/** What a provider not selected reads. */
export function notSelectedText(estimateTitle: string) {
  return {
    title: 'Not selected',
    body: `The customer hired another provider for “${estimateTitle}”.`,
  };
}

/**
 * Tells each provider whose pending bid a hire declined, in the hire's transaction. Priority, as an accepted bid
 * is: it is about work they offered to do.
 */
async function notifyBidsDeclined(tx: Executor, events: Events, e: AppEvents['bidsDeclined']): Promise<void> {
  const text = notSelectedText(e.estimateTitle);
  const providers = await repo.openAccounts(tx, e.providerIds);
  await write(
    tx,
    events,
    priorityRows(providers, {
      kind: 'bid_not_selected',
      estimateId: e.estimateId,
      link: '/tasks',
      ...text,
      at: e.at,
    }),
  );
}

/**
 * What the provider reads of a job step the customer (`byCustomer`) or the system took: one short sentence with
 * the estimate's title. Null for the provider's own steps (started, completion requested, change order proposed).
 */
export function jobChangedText(
  e: Pick<AppEvents['jobChanged'], 'event' | 'estimateTitle'>,
  byCustomer: boolean,
): { title: string; body: string } | null {
  const job = `“${e.estimateTitle}”`;
  switch (e.event) {
    case 'scheduleProposed':
      return { title: 'Start date proposed', body: `The customer proposed a start date for ${job}.` };
    case 'scheduleConfirmed':
      return { title: 'Start date confirmed', body: `The customer confirmed the start date for ${job}.` };
    case 'completed':
      return byCustomer
        ? { title: 'Work confirmed', body: `The customer confirmed the work on ${job} is done.` }
        : {
            title: 'Work confirmed',
            body: `The work on ${job} was confirmed done after 7 days without an answer.`,
          };
    case 'reopened':
      return { title: 'Work sent back', body: `The customer sent ${job} back to in progress.` };
    case 'cancelled':
      return byCustomer
        ? { title: 'Job cancelled', body: `The customer cancelled ${job}.` }
        : { title: 'Job cancelled', body: `${job} was cancelled: the customer closed their account.` };
    case 'changeOrderApproved':
      return { title: 'Change order approved', body: `The customer approved your change order on ${job}.` };
    case 'changeOrderDeclined':
      return { title: 'Change order declined', body: `The customer declined your change order on ${job}.` };
    // The hire tells the provider with bidAccepted; the others are the provider's own steps.
    case 'hired':
    case 'started':
    case 'completionRequested':
    case 'changeOrderProposed':
      return null;
    default:
      return { title: 'Job updated', body: `There is news on ${job}.` };
  }
}

/** Tells the provider of a job what its customer or the system did, in the step's transaction (priority). */
async function notifyJobChanged(tx: Executor, events: Events, e: AppEvents['jobChanged']): Promise<void> {
  const byCustomer = e.actorId === e.customerId;
  // The system's steps the provider hears of: the timed confirmation and a cancellation (the customer closed their
  // account; a provider who closes theirs is no longer an open account). A change order the system declines as
  // the job ends is said by the end itself.
  const bySystem = e.actorId === null && (e.event === 'completed' || e.event === 'cancelled');
  if (!byCustomer && !bySystem) return;
  const text = jobChangedText(e, byCustomer);
  if (!text) return;
  const provider = await repo.openAccounts(tx, [e.providerId]);
  await write(
    tx,
    events,
    priorityRows(provider, {
      kind: jobEventKinds[e.event] ?? 'job_cancelled',
      estimateId: e.estimateId,
      jobId: e.jobId,
      ...text,
      at: e.at,
    }),
  );
}

/** What a provider reads when their quote expired. */
export function quoteExpiredText(estimateTitle: string) {
  return {
    title: 'Your quote expired',
    body: `Your quote on “${estimateTitle}” passed its valid-until date. Revise it to keep your bid in the running.`,
  };
}

/** Tells the provider their quote expired, in the expiry's transaction (priority: their own bid). */
async function notifyQuoteExpired(tx: Executor, events: Events, e: AppEvents['quoteExpired']): Promise<void> {
  const [provider] = await repo.openAccounts(tx, [e.providerId]);
  const title = provider ? await repo.estimateTitle(tx, e.estimateId) : null;
  if (!provider || title === null) return;
  const text = quoteExpiredText(title);
  await write(
    tx,
    events,
    priorityRows([provider], { kind: 'quote_expired', estimateId: e.estimateId, ...text, at: e.at }),
  );
}

/**
 * Registers the notifications written with a posting, a bid acceptance, an edit, a hire's declined bids, a job's
 * steps and a quote's expiry, in their transactions.
 */
export function registerNotificationWrites(events: AppEventBus): void {
  events.inTransaction('estimatePosted', (tx, e) => notifyPosted(tx, events, e));
  events.inTransaction('bidAccepted', (tx, e) => notifyBidAccepted(tx, events, e));
  events.inTransaction('bidsDeclined', (tx, e) => notifyBidsDeclined(tx, events, e));
  events.inTransaction('jobChanged', (tx, e) => notifyJobChanged(tx, events, e));
  events.inTransaction('quoteExpired', (tx, e) => notifyQuoteExpired(tx, events, e));
  events.inTransaction('projectPosted', (tx, e) => notifyProjectPosted(tx, events, e));
  events.inTransaction('estimateUpdated', (tx, e) => notifyEstimateUpdated(tx, events, e));
}

/**
 * The mail a customer gets when their provider closed their account and the job was cancelled with it: customers
 * have no in-app notifications, and the work they counted on will not happen.
 */
export function providerGoneMail(
  to: string,
  firstName: string,
  e: Pick<AppEvents['jobChanged'], 'estimateTitle' | 'estimateId' | 'jobId'>,
  appUrl: string,
): Mail {
  const name = firstName.trim() || 'there';
  const job = `${appUrl}/jobs/${e.jobId}`;
  const estimate = `${appUrl}/estimates/${e.estimateId}`;
  const lines = [
    `The provider you hired for “${e.estimateTitle}” closed their HomeFix account, so the job is cancelled.`,
    'Your estimate is kept: post a copy of it to hear from other providers.',
  ];
  return {
    to,
    subject: `Your job “${e.estimateTitle}” was cancelled`,
    text: [
      `Hi ${name},`,
      '',
      ...lines,
      '',
      `The job: ${job}`,
      `Your estimate: ${estimate}`,
      '',
      'The HomeFix Marketplace team',
    ].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
      `<p>Hi ${escapeHtml(name)},</p>`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(job)}">See the job</a> · <a href="${escapeHtml(estimate)}">Your estimate</a></p>`,
      '<p>The HomeFix Marketplace team</p></body></html>',
    ].join(''),
  };
}

/**
 * Tells the customer by mail, once the cancellation is committed, that their job was cancelled because its
 * provider closed their account (the system's cancellation with the provider's account no longer open).
 */
export function registerJobCancelledMail(ctx: Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>): void {
  ctx.events.afterCommit('jobChanged', (e) => {
    if (e.actorId !== null || e.event !== 'cancelled') return;
    ctx.mailer.queueComposed(async () => {
      if ((await repo.openAccounts(ctx.db, [e.providerId])).length > 0) return null;
      const customer = await repo.findRecipient(ctx.db, e.customerId);
      if (!customer?.verified) return null;
      return providerGoneMail(customer.email, customer.firstName, e, ctx.config.APP_URL);
    });
  });
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

  return { list, markRead, settings, saveSettings };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

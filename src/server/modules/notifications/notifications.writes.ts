// What each event tells whom (decisions 0021, 0041, 0043): every kind of src/domain/notification-kinds is written
// here, by a handler of its event in the writer's transaction, through writeNotifications. The person who caused
// the event is never told of it; a closed account is told nothing. Each notification names its actor as others see
// them (a provider's company when set, else "Jane D."; admins as "HomeFix admin"; null for the system) and links
// to the screen where it is acted on.
//
// - New work (estimate_posted): every provider whose plan opens the category (the domain's canAccess) of a first
//   posting or a new public project; priority (pushed live) only for featured plans.
// - The estimate's owner: a bid received (bidPlaced; or a quote saved as revision 1 on a bid placed earlier, so a
//   bid placed with its quote is told once) and a quote revised.
// - The bidders: an edit of the estimate, their hire (bidAccepted), another provider's hire, their quote expired.
// - A job's steps (jobChanged): the other party of whoever took the step; the system's timed confirmation both
//   parties; a cancellation because an account closed the party whose account is still open. The hire itself is
//   told by bidAccepted.
// - A role request reviewed: the requester.
// - Reviews (decision 0044): a reminder to review, to each party who has not (review_requested); a job's reviews
//   published, to both parties (review_published); an answer to a review, to its author (review_answered).
// - Credentials (decision 0046): an admin's verdict on a license or insurance, with a denial's comment
//   (credential_reviewed), and its expiry 30 and 7 days ahead (credential_expiring), to the provider; a customer's
//   invitation to bid on their estimate, to the invited provider (invited_to_bid).
// - Site visits (decision 0049): proposed times to the customer; a booking and the reminder to both parties (their
//   mail, with the calendar invite, is sent apart); a decline to the provider; a cancellation to the other party
//   (a hire's cancellation to the provider); a no-show to the party said not to have come, a dispute to the party
//   who recorded it.
import { categoryLabel } from '#domain/catalog/categories';
import { formatWholeCents, publicName } from '#domain/format';
import { jobEventKinds, type NotificationKind } from '#domain/notification-kinds';
import { canAccess, effectiveProviderPlan, isFeaturedPlan } from '#domain/plans';
import { estimateCategoryOfProject } from '#domain/project-categories';
import { formatJobInstant } from '#domain/job-words';
import { JOB_AUTO_CONFIRM_DAYS } from '#domain/schemas/job.schema';
import type { AppEventBus, AppEvents } from '#server/core/app-events';
import type { Executor } from '#server/db/client';
import { credentialName, type CredentialFacts } from './credential-words.ts';
import { providerAccessSubject } from '#server/modules/users';
import * as repo from './notifications.repo.ts';
import { writeNotifications, type Events, type NotificationInput } from './notifications.store.ts';

/** How admins are named to the people they act on: never by their own name. */
export const ADMIN_ACTOR_NAME = 'HomeFix admin';

/**
 * A person's public name as a notification's actor: a provider's company when set, else "Jane D."; an admin (who
 * may post work too) as "HomeFix admin".
 */
export function actorPublicName(
  u: { firstName: string; lastName: string; companyName: string | null; role: string },
  asProvider: boolean,
): string {
  if (u.role === 'admin') return ADMIN_ACTOR_NAME;
  const company = asProvider ? u.companyName?.trim() : '';
  return company || publicName(u.firstName, u.lastName);
}

/** The public names of these people (`providers` by their company when set), by id. */
async function actorNames(
  tx: Executor,
  ids: readonly string[],
  providers: ReadonlySet<string> = new Set(),
): Promise<Map<string, string>> {
  const rows = await repo.namesOf(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, actorPublicName(r, providers.has(r.id))]));
}

/** One person's public name, or null when there is no such person. */
async function actorName(tx: Executor, id: string, asProvider: boolean): Promise<string | null> {
  return (await actorNames(tx, [id], asProvider ? new Set([id]) : undefined)).get(id) ?? null;
}

/** One priority notification about an estimate (or its job) for each recipient. */
function priorityRows(
  recipients: readonly { id: string }[],
  about: {
    kind: NotificationKind;
    estimateId: string;
    jobId?: string;
    link: string;
    actorName: string | null;
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
    link: about.link,
    actorName: about.actorName,
    title: about.title,
    body: about.body,
    priority: true,
    createdAt: about.at,
  }));
}

/**
 * The notifications of a first posting, in the posting's transaction; a repost tells nobody again. Only providers
 * whose plan opens the category and whose service area covers the job's ZIP code are told (decision 0048).
 */
async function notifyPosted(tx: Executor, events: Events, e: AppEvents['estimatePosted']): Promise<void> {
  if (!e.first) return;
  const { estimate, at } = e;
  const candidates = await repo.activeProviders(tx, at, estimate.ownerId, estimate.location);
  const owner = await actorName(tx, estimate.ownerId, false);
  const rows: NotificationInput[] = [];
  for (const p of candidates) {
    if (!canAccess(providerAccessSubject(p), estimate.category, null, at).allowed) continue;
    rows.push({
      userId: p.id,
      kind: 'estimate_posted',
      estimateId: estimate.id,
      link: `/estimates/${estimate.id}`,
      actorName: owner,
      title: `New ${estimate.taskName} job in ${estimate.regionLabel}`,
      body: `${estimate.title}: ${formatWholeCents(estimate.minCents)} – ${formatWholeCents(estimate.maxCents)}`,
      priority: isFeaturedPlan(effectiveProviderPlan(p, at)),
      createdAt: at,
    });
  }
  await writeNotifications(tx, events, rows);
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
  const candidates = await repo.activeProviders(tx, at, project.ownerId, project.location);
  const owner = await actorName(tx, project.ownerId, false);
  const budget = projectBudgetText(project.minCents, project.maxCents);
  const rows: NotificationInput[] = [];
  for (const p of candidates) {
    if (!canAccess(providerAccessSubject(p), category, null, at).allowed) continue;
    rows.push({
      userId: p.id,
      kind: 'estimate_posted',
      projectId: project.id,
      link: `/projects/${project.id}`,
      actorName: owner,
      title: `New ${categoryLabel(category)} project in ${project.city}`,
      body: budget ? `${project.title}: ${budget}` : project.title,
      priority: isFeaturedPlan(effectiveProviderPlan(p, at)),
      createdAt: at,
    });
  }
  await writeNotifications(tx, events, rows);
}

/** "$5,000 – $9,000", "up to $9,000", "from $5,000" (whole dollars, as every range), or nothing without a budget. */
function projectBudgetText(minCents: number | null, maxCents: number | null): string | null {
  if (minCents != null && maxCents != null)
    return `${formatWholeCents(minCents)} – ${formatWholeCents(maxCents)}`;
  if (maxCents != null) return `up to ${formatWholeCents(maxCents)}`;
  if (minCents != null) return `from ${formatWholeCents(minCents)}`;
  return null;
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
  const bidders = await repo.bidders(tx, e.estimateId, e.editorId);
  if (bidders.length === 0) return;
  await writeNotifications(
    tx,
    events,
    priorityRows(bidders, {
      kind: 'estimate_edited',
      estimateId: e.estimateId,
      link: `/estimates/${e.estimateId}`,
      actorName: await actorName(tx, e.editorId, false),
      ...estimateUpdatedText(e),
      at: e.at,
    }),
  );
}

/** What the estimate's owner reads of a provider's bid or quote (`name` is the provider's public name). */
export function bidReceivedText(
  name: string,
  estimateTitle: string,
  what: { kind: 'bid'; withQuote: boolean } | { kind: 'quote'; revision: number },
): { kind: NotificationKind; title: string; body: string } {
  const job = `“${estimateTitle}”`;
  if (what.kind === 'bid') {
    return {
      kind: 'bid_received',
      title: `New bid from ${name}`,
      body: what.withQuote ? `${name} bid on ${job} with a quote.` : `${name} bid on ${job}.`,
    };
  }
  return what.revision === 1
    ? { kind: 'bid_received', title: 'Quote received', body: `${name} sent a quote for ${job}.` }
    : {
        kind: 'quote_revised',
        title: 'Quote revised',
        body: `${name} revised their quote for ${job} (revision ${what.revision}).`,
      };
}

/** Tells the estimate's owner of a provider's bid or quote, in its transaction; links to where bids are compared. */
async function notifyOwnerOfBid(
  tx: Executor,
  events: Events,
  e: { estimateId: string; providerId: string; at: Date },
  what: Parameters<typeof bidReceivedText>[2],
): Promise<void> {
  const estimate = await repo.estimateOwner(tx, e.estimateId);
  if (!estimate || estimate.ownerId === e.providerId) return;
  const owner = await repo.openAccounts(tx, [estimate.ownerId]);
  if (owner.length === 0) return;
  const name = (await actorName(tx, e.providerId, true)) ?? 'A provider';
  const { kind, ...text } = bidReceivedText(name, estimate.title, what);
  await writeNotifications(
    tx,
    events,
    priorityRows(owner, {
      kind,
      estimateId: e.estimateId,
      link: `/estimates/${e.estimateId}`,
      actorName: name,
      ...text,
      at: e.at,
    }),
  );
}

/** Tells a provider their bid was accepted, in the acceptance's transaction; links to the job. */
async function notifyBidAccepted(tx: Executor, events: Events, e: AppEvents['bidAccepted']): Promise<void> {
  const provider = await repo.openAccounts(tx, [e.providerId]);
  if (provider.length === 0) return;
  const estimate = await repo.estimateOwner(tx, e.estimateId);
  const customer = estimate ? await actorName(tx, estimate.ownerId, false) : null;
  await writeNotifications(
    tx,
    events,
    priorityRows(provider, {
      kind: 'bid_accepted',
      estimateId: e.estimateId,
      jobId: e.jobId,
      link: `/jobs/${e.jobId}`,
      actorName: customer,
      title: 'Your bid was accepted',
      body: `${e.customerName} accepted your bid on "${e.estimateTitle}". Message them to arrange the work.`,
      at: e.at,
    }),
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
 * Tells each provider whose pending bid a hire declined, in the hire's transaction; links to their task list.
 * Priority, as an accepted bid is: it is about work they offered to do.
 */
async function notifyBidsDeclined(tx: Executor, events: Events, e: AppEvents['bidsDeclined']): Promise<void> {
  const providers = await repo.openAccounts(tx, e.providerIds);
  if (providers.length === 0) return;
  const estimate = await repo.estimateOwner(tx, e.estimateId);
  await writeNotifications(
    tx,
    events,
    priorityRows(providers, {
      kind: 'bid_not_selected',
      estimateId: e.estimateId,
      link: '/tasks',
      actorName: estimate ? await actorName(tx, estimate.ownerId, false) : null,
      ...notSelectedText(e.estimateTitle),
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

/** Tells the provider their quote expired, in the expiry's transaction (priority: their own bid; the system). */
async function notifyQuoteExpired(tx: Executor, events: Events, e: AppEvents['quoteExpired']): Promise<void> {
  const [provider] = await repo.openAccounts(tx, [e.providerId]);
  const title = provider ? await repo.estimateTitle(tx, e.estimateId) : null;
  if (!provider || title === null) return;
  await writeNotifications(
    tx,
    events,
    priorityRows([provider], {
      kind: 'quote_expired',
      estimateId: e.estimateId,
      link: `/estimates/${e.estimateId}`,
      actorName: null,
      ...quoteExpiredText(title),
      at: e.at,
    }),
  );
}

type Party = 'customer' | 'provider';

/**
 * What a party of a job reads of a step the other party (`by`, their public name) or the system (`by` null) took:
 * one short sentence with the estimate's title. Null for what that party is not told: their own steps, the hire
 * (told by bidAccepted), a change order the system declines as the job ends (the end says it).
 */
export function jobChangedText(
  e: Pick<AppEvents['jobChanged'], 'event' | 'estimateTitle'>,
  to: Party,
  by: string | null,
): { title: string; body: string } | null {
  const job = `“${e.estimateTitle}”`;
  if (by === null) {
    switch (e.event) {
      case 'completed':
        return {
          title: 'Work confirmed',
          body: `The work on ${job} was confirmed done after ${JOB_AUTO_CONFIRM_DAYS} days without an answer.`,
        };
      case 'cancelled':
        // The system cancels a job when one party closes their account: the other one is told.
        return to === 'customer'
          ? {
              title: 'Job cancelled',
              body: `${job} was cancelled: the provider closed their account. Post a copy of your estimate to hear from others.`,
            }
          : { title: 'Job cancelled', body: `${job} was cancelled: the customer closed their account.` };
      default:
        return null;
    }
  }
  if (to === 'provider') {
    switch (e.event) {
      case 'scheduleProposed':
        return { title: 'Start date proposed', body: `The customer proposed a start date for ${job}.` };
      case 'scheduleConfirmed':
        return { title: 'Start date confirmed', body: `The customer confirmed the start date for ${job}.` };
      case 'completed':
        return { title: 'Work confirmed', body: `The customer confirmed the work on ${job} is done.` };
      case 'reopened':
        return { title: 'Work sent back', body: `The customer sent ${job} back to in progress.` };
      case 'cancelled':
        return { title: 'Job cancelled', body: `The customer cancelled ${job}.` };
      case 'changeOrderApproved':
        return { title: 'Change order approved', body: `The customer approved your change order on ${job}.` };
      case 'changeOrderDeclined':
        return { title: 'Change order declined', body: `The customer declined your change order on ${job}.` };
      default:
        return null;
    }
  }
  switch (e.event) {
    case 'scheduleProposed':
      return {
        title: 'Start date proposed',
        body: `${by} proposed a start date for ${job}. Confirm it or propose another.`,
      };
    case 'scheduleConfirmed':
      return { title: 'Start date confirmed', body: `${by} confirmed the start date for ${job}.` };
    case 'started':
      return { title: 'Work started', body: `${by} started the work on ${job}.` };
    case 'completionRequested':
      return { title: 'Work marked done', body: `${by} marked ${job} done. Confirm or send it back.` };
    case 'cancelled':
      return { title: 'Job cancelled', body: `${by} cancelled ${job}.` };
    case 'changeOrderProposed':
      return { title: 'Change order to approve', body: `${by} proposed a change order on ${job}.` };
    default:
      return null;
  }
}

/**
 * Tells the other party of a job's step, in the step's transaction (priority): the customer's steps the provider,
 * the provider's the customer; the system's timed confirmation both, its cancellation (an account closed) the
 * party whose account is still open (the closing one is already closed in that transaction).
 */
async function notifyJobChanged(tx: Executor, events: Events, e: AppEvents['jobChanged']): Promise<void> {
  const kind = jobEventKinds[e.event];
  if (!kind) return;
  const to: Party[] =
    e.actorId === null
      ? ['customer', 'provider']
      : e.actorId === e.customerId
        ? ['provider']
        : e.actorId === e.providerId
          ? ['customer']
          : [];
  const by = e.actorId === null ? null : await actorName(tx, e.actorId, e.actorId === e.providerId);
  const open = new Set(
    (
      await repo.openAccounts(
        tx,
        to.map((p) => (p === 'customer' ? e.customerId : e.providerId)),
      )
    ).map((u) => u.id),
  );
  const rows: NotificationInput[] = [];
  for (const party of to) {
    const userId = party === 'customer' ? e.customerId : e.providerId;
    if (!open.has(userId) || userId === e.actorId) continue;
    const text = jobChangedText(e, party, by);
    if (!text) continue;
    rows.push(
      ...priorityRows([{ id: userId }], {
        kind,
        estimateId: e.estimateId,
        jobId: e.jobId,
        link: `/jobs/${e.jobId}`,
        actorName: by,
        ...text,
        at: e.at,
      }),
    );
  }
  await writeNotifications(tx, events, rows);
}

/** What a person reads when an admin reviewed their role request. */
export function roleRequestReviewedText(
  e: Pick<AppEvents['roleRequestReviewed'], 'status' | 'requestedRole'>,
) {
  const role = `${/^[aeiou]/.test(e.requestedRole) ? 'an' : 'a'} ${e.requestedRole}`;
  return e.status === 'approved'
    ? { title: 'Role request approved', body: `Your request to become ${role} was approved.` }
    : {
        title: 'Role request denied',
        body: `Your request to become ${role} was denied. Your settings show the details.`,
      };
}

/** Tells the requester an admin reviewed their role request, in the review's transaction; links to /settings. */
async function notifyRoleRequestReviewed(
  tx: Executor,
  events: Events,
  e: AppEvents['roleRequestReviewed'],
): Promise<void> {
  if (e.userId === e.reviewerId) return;
  const requester = await repo.openAccounts(tx, [e.userId]);
  await writeNotifications(
    tx,
    events,
    requester.map((u) => ({
      userId: u.id,
      kind: 'role_request_reviewed',
      link: '/settings',
      actorName: ADMIN_ACTOR_NAME,
      ...roleRequestReviewedText(e),
      priority: true,
      createdAt: e.at,
    })),
  );
}

/** Where a job's reviews are read and written. */
export const jobReviewsLink = (jobId: string) => `/jobs/${jobId}#reviews`;

/** What a party who has not reviewed a completed job reads: at completion, and before the window closes. */
export function reviewRequestedText(
  e: Pick<AppEvents['reviewReminder'], 'estimateTitle' | 'stage' | 'closesAt' | 'at'>,
) {
  const until = formatJobInstant(e.closesAt.toISOString(), 'UTC');
  const daysLeft = Math.max(1, Math.ceil((e.closesAt.getTime() - e.at.getTime()) / 86_400_000));
  return {
    title: `Review your job: ${e.estimateTitle}`,
    body:
      e.stage === 'completed'
        ? `You can review it until ${until}. Your review stays hidden until you have both written.`
        : `${daysLeft} day${daysLeft === 1 ? '' : 's'} left: you can review it until ${until}.`,
  };
}

/** Reminds each party who has not reviewed the job yet (the reminder's transaction; the system is the actor). */
async function notifyReviewReminder(
  tx: Executor,
  events: Events,
  e: AppEvents['reviewReminder'],
): Promise<void> {
  const open = await repo.openAccounts(tx, e.userIds);
  await writeNotifications(
    tx,
    events,
    open.map((u) => ({
      userId: u.id,
      kind: 'review_requested',
      jobId: e.jobId,
      link: jobReviewsLink(e.jobId),
      actorName: null,
      ...reviewRequestedText(e),
      priority: true,
      createdAt: e.at,
    })),
  );
}

/** What both parties read when the job's reviews are published. */
export function reviewPublishedText(estimateTitle: string) {
  return {
    title: 'Reviews published',
    body: `The reviews of “${estimateTitle}” are published. Read what was written on the job page.`,
  };
}

/** Tells both parties (open accounts) that the job's reviews were published, in the publishing transaction. */
async function notifyReviewsPublished(
  tx: Executor,
  events: Events,
  e: AppEvents['reviewsPublished'],
): Promise<void> {
  if (e.reviewIds.length === 0) return;
  const open = await repo.openAccounts(tx, [e.customerId, e.providerId]);
  await writeNotifications(
    tx,
    events,
    open.map((u) => ({
      userId: u.id,
      kind: 'review_published',
      jobId: e.jobId,
      link: jobReviewsLink(e.jobId),
      actorName: null,
      ...reviewPublishedText(e.estimateTitle),
      priority: true,
      createdAt: e.at,
    })),
  );
}

/** What a review's author reads when the reviewed party answered (`name`, the responder's public name). */
export function reviewAnsweredText(name: string, estimateTitle: string) {
  return {
    title: `${name} answered your review`,
    body: `${name} answered your review of “${estimateTitle}”.`,
  };
}

/** Tells the review's author (open account) of the reviewed party's first answer, in the answer's transaction. */
async function notifyReviewAnswered(
  tx: Executor,
  events: Events,
  e: AppEvents['reviewAnswered'],
): Promise<void> {
  if (e.authorId === e.responderId) return;
  const author = await repo.openAccounts(tx, [e.authorId]);
  if (author.length === 0) return;
  const [responder] = await repo.namesOf(tx, [e.responderId]);
  const name = responder ? actorPublicName(responder, responder.role === 'provider') : 'The other party';
  await writeNotifications(
    tx,
    events,
    author.map((u) => ({
      userId: u.id,
      kind: 'review_answered',
      jobId: e.jobId,
      link: jobReviewsLink(e.jobId),
      actorName: name,
      ...reviewAnsweredText(name, e.estimateTitle),
      priority: true,
      createdAt: e.at,
    })),
  );
}

/** Where a provider reads and renews their licenses and insurance. */
export const CREDENTIALS_LINK = '/provider/credentials';

/** What a provider reads of an admin's verdict on a credential (a denial says why, in the admin's words). */
export function credentialReviewedText(
  facts: CredentialFacts | null,
  e: Pick<AppEvents['credentialReviewed'], 'kind' | 'status' | 'comment'>,
) {
  const what = credentialName(facts, e.kind);
  const noun = e.kind === 'license' ? 'License' : 'Insurance';
  if (e.status === 'approved') {
    return {
      title: `${noun} verified`,
      body: `${what} was checked and approved: its badge shows on your profile and your bids until it expires.`,
    };
  }
  return {
    title: `${noun} not approved`,
    body: `${what} was not approved. The reviewer said: “${e.comment}” Upload a corrected document to have it checked again.`,
  };
}

/** Tells the provider (open account) of a verdict on their credential, in the verdict's transaction. */
async function notifyCredentialReviewed(
  tx: Executor,
  events: Events,
  e: AppEvents['credentialReviewed'],
): Promise<void> {
  if (e.providerId === e.reviewerId) return;
  const provider = await repo.openAccounts(tx, [e.providerId]);
  if (provider.length === 0) return;
  const facts = (await repo.credentialFacts(tx, e.credentialId)) ?? null;
  await writeNotifications(
    tx,
    events,
    provider.map((u) => ({
      userId: u.id,
      kind: 'credential_reviewed',
      link: CREDENTIALS_LINK,
      actorName: ADMIN_ACTOR_NAME,
      ...credentialReviewedText(facts, e),
      priority: true,
      createdAt: e.at,
    })),
  );
}

/** What a provider reads before a verified credential expires. */
export function credentialExpiringText(
  facts: CredentialFacts | null,
  e: Pick<AppEvents['credentialExpiring'], 'kind' | 'expiresOn' | 'daysBefore'>,
) {
  const noun = e.kind === 'license' ? 'license' : 'insurance';
  return {
    title: `Your ${noun} expires in ${e.daysBefore} days`,
    body: `${credentialName(facts, e.kind)} expires on ${e.expiresOn}: upload the renewed one.`,
  };
}

/** Reminds the provider (open account) of a credential's expiry (the system is the actor). */
async function notifyCredentialExpiring(
  tx: Executor,
  events: Events,
  e: AppEvents['credentialExpiring'],
): Promise<void> {
  const provider = await repo.openAccounts(tx, [e.providerId]);
  if (provider.length === 0) return;
  const facts = (await repo.credentialFacts(tx, e.credentialId)) ?? null;
  await writeNotifications(
    tx,
    events,
    provider.map((u) => ({
      userId: u.id,
      kind: 'credential_expiring',
      link: CREDENTIALS_LINK,
      actorName: null,
      ...credentialExpiringText(facts, e),
      priority: true,
      createdAt: e.at,
    })),
  );
}

/** What an invited provider reads. */
export function invitedToBidText(customerName: string, estimateTitle: string) {
  return {
    title: `${customerName} invited you to bid`,
    body: `${customerName} invited you to bid on "${estimateTitle}"`,
  };
}

/**
 * Tells the invited provider (open account), in the invitation's transaction; links to the estimate as a new
 * posting does, where they bid.
 */
async function notifyInvitedToBid(
  tx: Executor,
  events: Events,
  e: AppEvents['providerInvited'],
): Promise<void> {
  if (e.providerId === e.customerId) return;
  const provider = await repo.openAccounts(tx, [e.providerId]);
  if (provider.length === 0) return;
  await writeNotifications(
    tx,
    events,
    priorityRows(provider, {
      kind: 'invited_to_bid',
      estimateId: e.estimateId,
      link: `/estimates/${e.estimateId}`,
      actorName: e.customerName,
      ...invitedToBidText(e.customerName, e.estimateTitle),
      at: e.at,
    }),
  );
}

/** What a party reads of a site visit's change (`actor` the other party's public name, null for the system). */
export function siteVisitText(
  e: Pick<AppEvents['siteVisitChanged'], 'event' | 'estimateTitle' | 'when' | 'detail'>,
  actor: string | null,
): { kind: NotificationKind; title: string; body: string } {
  const who = actor ?? 'HomeFix';
  const job = `"${e.estimateTitle}"`;
  switch (e.event) {
    case 'proposed': {
      const n = Number(e.detail) || 1;
      return {
        kind: 'site_visit_proposed',
        title: `${who} proposed ${n === 1 ? 'a time' : `${n} times`} for a site visit`,
        body: `${job}: from ${e.when}. Choose one or decline.`,
      };
    }
    case 'confirmed':
      return { kind: 'site_visit_confirmed', title: 'Site visit booked', body: `${job}: ${e.when}` };
    case 'declined':
      return {
        kind: 'site_visit_declined',
        title: `${who} declined your visit times`,
        body: e.detail ? `${job}: "${e.detail}"` : job,
      };
    case 'cancelled':
      return {
        kind: 'site_visit_cancelled',
        title: actor ? `${who} cancelled the site visit` : 'Site visit cancelled',
        body: `${job}, ${e.when}: ${e.detail}`,
      };
    case 'expired':
      return {
        kind: 'site_visit_cancelled',
        title: 'No time was chosen for your site visit',
        body: `${job}: the times you proposed have passed. Propose new times if you still want to visit.`,
      };
    case 'reminder':
      return { kind: 'site_visit_reminder', title: 'Site visit tomorrow', body: `${job}: ${e.when}` };
    case 'noShow':
      return {
        kind: 'site_visit_no_show',
        title: `${who} recorded that you did not come`,
        body: `${job}, ${e.when}. If you did come, dispute it.`,
      };
    case 'disputed':
      return {
        kind: 'site_visit_no_show',
        title: `${who} disputed the no-show you recorded`,
        body: `${job}: "${e.detail}"`,
      };
  }
}

/** Tells a site visit's parties of its change, in the change's transaction. */
async function notifySiteVisit(
  tx: Executor,
  events: Events,
  e: AppEvents['siteVisitChanged'],
): Promise<void> {
  const other = (id: string) => (id === e.customerId ? e.providerId : e.customerId);
  let to: string[];
  if (e.event === 'confirmed' || e.event === 'reminder') to = [e.customerId, e.providerId];
  else if (e.actorId === null) to = [e.tell === 'customer' ? e.customerId : e.providerId];
  else to = [other(e.actorId)];
  const recipients = await repo.openAccounts(tx, to);
  if (recipients.length === 0) return;
  const actor = e.actorId === null ? null : await actorName(tx, e.actorId, e.actorId === e.providerId);
  const text = siteVisitText(e, actor);
  await writeNotifications(
    tx,
    events,
    priorityRows(recipients, {
      kind: text.kind,
      estimateId: e.estimateId,
      link: `/estimates/${e.estimateId}`,
      actorName: actor,
      title: text.title,
      body: text.body,
      at: e.at,
    }),
  );
}

/** Registers every kind's writer on its event, in the event's transaction. */
export function registerNotificationWrites(events: AppEventBus): void {
  events.inTransaction('estimatePosted', (tx, e) => notifyPosted(tx, events, e));
  events.inTransaction('projectPosted', (tx, e) => notifyProjectPosted(tx, events, e));
  events.inTransaction('estimateUpdated', (tx, e) => notifyEstimateUpdated(tx, events, e));
  events.inTransaction('bidPlaced', (tx, e) =>
    notifyOwnerOfBid(tx, events, e, { kind: 'bid', withQuote: e.withQuote }),
  );
  // A quote saved with its bid in one call was told with the bid (bidPlaced).
  events.inTransaction('quoteSaved', (tx, e) =>
    e.newBid ? Promise.resolve() : notifyOwnerOfBid(tx, events, e, { kind: 'quote', revision: e.revision }),
  );
  events.inTransaction('bidAccepted', (tx, e) => notifyBidAccepted(tx, events, e));
  events.inTransaction('bidsDeclined', (tx, e) => notifyBidsDeclined(tx, events, e));
  events.inTransaction('quoteExpired', (tx, e) => notifyQuoteExpired(tx, events, e));
  events.inTransaction('jobChanged', (tx, e) => notifyJobChanged(tx, events, e));
  events.inTransaction('roleRequestReviewed', (tx, e) => notifyRoleRequestReviewed(tx, events, e));
  events.inTransaction('reviewReminder', (tx, e) => notifyReviewReminder(tx, events, e));
  events.inTransaction('reviewsPublished', (tx, e) => notifyReviewsPublished(tx, events, e));
  events.inTransaction('reviewAnswered', (tx, e) => notifyReviewAnswered(tx, events, e));
  events.inTransaction('credentialReviewed', (tx, e) => notifyCredentialReviewed(tx, events, e));
  events.inTransaction('credentialExpiring', (tx, e) => notifyCredentialExpiring(tx, events, e));
  events.inTransaction('providerInvited', (tx, e) => notifyInvitedToBid(tx, events, e));
  events.inTransaction('siteVisitChanged', (tx, e) => notifySiteVisit(tx, events, e));
}

// Hiring and the job (decision 0039). Accepting a bid hires: in one transaction, under the estimate's row lock, the
// bid is accepted, the other pending bids declined, the estimate becomes hired and the job starts at a frozen price
// (the latest quote's total, else the price the customer confirmed, else the estimate's final amount). Every move
// on a job goes through the domain's state table (jobMove) under the job's row lock, writes a timeline entry and
// publishes jobChanged in the same transaction. The job's calendar dates are in its time zone (UTC for now).
import { fullName } from '#domain/format';
import { DAY_MS, iso } from '#domain/dates';
import { nextStatus } from '#domain/estimate-status';
import {
  allowedJobActions,
  jobMove,
  jobStatusLabels,
  type JobAction,
  type JobActor,
  type JobStatus,
} from '#domain/job-status';
import { formatJobDate, isLateCancellation, todayIn } from '#domain/job-words';
import { formatCents, fromCents, toCents } from '#domain/money';
import { isUuid } from '#domain/ids';
import { BID_MESSAGES } from '#domain/schemas/bid.schema';
import { JOB_AUTO_CONFIRM_DAYS, type Job, type JobListItem } from '#domain/schemas/job.schema';
import { QUOTE_MESSAGES } from '#domain/schemas/quote.schema';
import type { AppContext } from '#server/context';
import type { AppEventBus } from '#server/core/app-events';
import type { Executor } from '#server/db/client';
import { AppError, forbidden, notFound } from '#server/errors';
import { latestQuoteOf, toBid } from '#server/modules/bids';
import * as repo from './jobs.repo.ts';

export const JOB_MESSAGES = {
  notFound: 'Job not found',
  photoNotFound: 'Photo not found',
  changeOrderNotFound: 'Change order not found',
  alreadyHired: 'This estimate already has a job.',
  dateInPast: 'Choose today or a later date',
  noProposal: 'No start date has been proposed yet.',
  ownProposal: 'The other party confirms the date you proposed.',
  proposalPassed: 'The proposed date has passed. Propose another date.',
  belowZero: "A change order cannot take the job's total below $0",
  changeOrderDecided: 'This change order has already been decided.',
  proposed: 'Start date proposed',
  confirmed: 'Start date confirmed',
  started: 'Job started',
  completionRequested: 'Work marked as done',
  completed: 'Job completed',
  reopened: 'Job reopened',
  cancelled: 'Job cancelled',
  changeProposed: 'Change order proposed',
  changeApproved: 'Change order approved',
  changeDeclined: 'Change order declined',
  tooManyPhotos: 'At most 10 photos',
  photoTooLarge: 'Photos can be up to 10 MB',
  photosUnreadable: 'The photos could not be read',
} as const;

/** What each action reads as in a refusal: "This job is completed: it cannot be started." */
const refusedAction: Record<JobAction, string> = {
  proposeDate: 'a start date cannot be proposed',
  confirmDate: 'a start date cannot be confirmed',
  start: 'it cannot be started',
  complete: 'it cannot be marked as done',
  confirm: 'its completion cannot be confirmed',
  autoConfirm: 'its completion cannot be confirmed',
  reopen: 'it cannot be reopened',
  cancel: 'it cannot be cancelled',
  closeAccount: 'it cannot be cancelled',
  proposeChange: 'a change order cannot be proposed',
  decideChange: 'a change order cannot be decided',
};

/** The refusal of `action` in `status`, naming the state. */
export const stateRefusal = (status: JobStatus, action: JobAction) =>
  `This job is ${jobStatusLabels[status].toLowerCase()}: ${refusedAction[action]}.`;

const wrongParty: Record<JobAction, string> = {
  proposeDate: 'Only the customer or the provider of this job can propose a date.',
  confirmDate: 'Only the customer or the provider of this job can confirm a date.',
  start: 'Only the provider starts the job.',
  complete: 'Only the provider marks the work as done.',
  confirm: 'Only the customer confirms the work is done.',
  autoConfirm: 'Only the system confirms an unanswered completion.',
  reopen: 'Only the customer reopens the job.',
  cancel: 'Only the customer or the provider of this job can cancel it.',
  closeAccount: 'Only the system cancels the jobs of a closed account.',
  proposeChange: 'Only the provider proposes a change order.',
  decideChange: 'Only the customer approves or declines a change order.',
};

export interface JobViewer {
  id: string;
  role: string;
}

type Side = 'customer' | 'provider' | 'admin';

function sideOf(viewer: JobViewer, job: { customerId: string; providerId: string }): Side | null {
  if (viewer.id === job.customerId) return 'customer';
  if (viewer.id === job.providerId) return 'provider';
  return viewer.role === 'admin' ? 'admin' : null;
}

function autoConfirmAt(job: repo.JobRow): Date | null {
  return job.status === 'completion_requested' && job.completionRequestedAt
    ? new Date(job.completionRequestedAt.getTime() + JOB_AUTO_CONFIRM_DAYS * DAY_MS)
    : null;
}

/**
 * The actor `side` takes `action` as in `status`, or the refusal: the wrong party (an admin moves no job) 403, a
 * state the action does not start from 409 naming it.
 */
function refuseMove(status: JobStatus, action: JobAction, side: Side | 'system'): JobActor {
  if (side === 'admin') throw forbidden(wrongParty[action]);
  const checked = jobMove(status, action, side);
  if (checked.ok) return side;
  if (checked.refusal === 'actor') throw forbidden(wrongParty[action]);
  throw new AppError('CONFLICT', stateRefusal(status, action));
}

/** What a move did: its timeline entry, and the job's fields it changed. */
interface MoveOutcome {
  event: string;
  detail: string;
  data?: Record<string, unknown>;
  patch?: repo.JobPatch;
}

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockJob>>>;

/**
 * Writes a move's outcome on the locked job: its fields, the estimate following an end, pending change orders
 * declined at the end, the timeline entry and jobChanged, all on `tx`.
 */
async function record(
  tx: Executor,
  events: AppEventBus,
  locked: Locked,
  actorId: string | null,
  outcome: MoveOutcome,
  at: Date,
): Promise<repo.JobRow> {
  const { job } = locked;
  const updated = await repo.updateJob(tx, job.id, { ...outcome.patch, updatedAt: at });
  const ended =
    job.status !== updated.status && (updated.status === 'completed' || updated.status === 'cancelled');
  const entries: MoveOutcome[] = [outcome];
  if (ended) {
    // The estimate follows the job: completed or cancelled with it.
    const action = updated.status === 'completed' ? 'jobCompleted' : 'jobCancelled';
    const from = await repo.estimateStatus(tx, job.estimateId);
    const to = from ? nextStatus(from, action) : null;
    if (from && to) await repo.moveEstimate(tx, job.estimateId, from, to, at);
    // A change order nobody decided before the end will never be: it is declined, and the timeline says so.
    const declined = await repo.declinePendingChangeOrders(tx, job.id, at);
    for (const co of declined) {
      entries.push({
        event: 'changeOrderDeclined',
        detail: `Change order "${co.label}" declined: the job ended before it was decided`,
        data: { changeOrderId: co.id, automatic: true },
      });
    }
  }
  for (const entry of entries) {
    await repo.insertJobEvent(tx, {
      jobId: job.id,
      at,
      actorId: entry === outcome ? actorId : null,
      event: entry.event,
      detail: entry.detail,
      data: entry.data ?? null,
    });
    await events.publish(tx, 'jobChanged', {
      jobId: job.id,
      estimateId: job.estimateId,
      estimateTitle: locked.estimateTitle,
      customerId: job.customerId,
      providerId: job.providerId,
      actorId: entry === outcome ? actorId : null,
      event: entry.event,
      detail: entry.detail,
      at,
    });
  }
  return updated;
}

/** The job's moves that end it the same way whoever takes them (the customer's confirmation, the timed one). */
function completion(automatic: boolean, at: Date): MoveOutcome {
  return {
    event: 'completed',
    detail: automatic
      ? `Completed automatically: ${JOB_AUTO_CONFIRM_DAYS} days passed without an answer`
      : 'The customer confirmed the work is done',
    patch: { status: 'completed', completedAt: at },
  };
}

/**
 * Cancels the open jobs of an account being closed, on the closing transaction (never late; the system is the
 * actor; jobChanged tells the other party).
 */
export async function cancelOpenJobsOf(tx: Executor, events: AppEventBus, userId: string, at: Date) {
  for (const id of await repo.openJobIdsOf(tx, userId)) {
    const locked = await repo.lockJob(tx, id);
    if (!locked || !jobMove(locked.job.status, 'closeAccount', 'system').ok) continue;
    const side = locked.job.customerId === userId ? 'customer' : 'provider';
    await record(
      tx,
      events,
      locked,
      null,
      {
        event: 'cancelled',
        detail: `Cancelled: the ${side} closed their account`,
        data: { closedAccount: side },
        patch: {
          status: 'cancelled',
          cancelledAt: at,
          cancelledBy: userId,
          cancelReason: `The ${side} closed their account`,
          lateCancellation: false,
        },
      },
      at,
    );
  }
}

export interface PhotoUpload {
  data: Buffer;
  width: number;
  height: number;
}

export function createJobsService(ctx: Pick<AppContext, 'db' | 'now' | 'events' | 'work'>) {
  const { db, now, events, work } = ctx;

  /** The job as `viewer` may see it: the parties and admins; anyone else 404. */
  async function view(viewer: JobViewer, id: string): Promise<Job> {
    if (!isUuid(id)) throw notFound(JOB_MESSAGES.notFound);
    const row = await repo.jobDetail(db, id);
    if (!row) throw notFound(JOB_MESSAGES.notFound);
    const side = sideOf(viewer, row.job);
    if (!side) throw notFound(JOB_MESSAGES.notFound);
    const [changeOrders, timeline, photos] = await Promise.all([
      repo.changeOrdersOf(db, id),
      repo.timelineOf(db, id),
      repo.photosOf(db, id),
    ]);
    const { job } = row;
    // The customer's street address and phone: for the hired provider and admins only.
    const private_ = side === 'provider' || side === 'admin';
    const actorOf = (actorId: string | null) =>
      actorId === null
        ? 'system'
        : actorId === job.customerId
          ? 'customer'
          : actorId === job.providerId
            ? 'provider'
            : 'admin';
    let allowed: JobAction[] = side === 'admin' ? [] : allowedJobActions(job.status, side);
    if (side !== 'admin' && (!job.proposedDate || job.proposedBy === viewer.id)) {
      allowed = allowed.filter((a) => a !== 'confirmDate');
    }
    if (!changeOrders.some((c) => c.status === 'pending'))
      allowed = allowed.filter((a) => a !== 'decideChange');
    return {
      id: job.id,
      estimateId: job.estimateId,
      estimateTitle: row.estimateTitle,
      status: job.status,
      agreedPrice: fromCents(job.agreedCents),
      total: fromCents(job.totalCents),
      estimateMin: fromCents(row.estimateMinCents),
      estimateMax: fromCents(row.estimateMaxCents),
      timeZone: job.timeZone,
      proposedDate: job.proposedDate,
      proposedBy:
        job.proposedBy === null
          ? null
          : job.proposedBy === job.customerId
            ? 'customer'
            : job.proposedBy === job.providerId
              ? 'provider'
              : null,
      scheduledDate: job.scheduledDate,
      completionNote: job.completionNote,
      photos: photos.map((p) => ({ id: p.id, url: `/api/jobs/${job.id}/photos/${p.id}` })),
      cancelReason: job.cancelReason,
      lateCancellation: job.lateCancellation,
      autoConfirmAt: iso(autoConfirmAt(job)),
      changeOrders: changeOrders.map((c) => ({
        id: c.id,
        label: c.label,
        amount: fromCents(c.amountCents),
        reason: c.reason,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
        decidedAt: iso(c.decidedAt),
      })),
      timeline: timeline.map((e) => ({
        at: e.at.toISOString(),
        actor: actorOf(e.actorId),
        event: e.event,
        detail: e.detail,
      })),
      customer: {
        id: row.customer.id,
        name: fullName(row.customer),
        city: row.customer.city,
        address: private_
          ? [row.customer.address, row.customer.city, row.customer.state, row.customer.zipCode]
              .filter((p) => p && p.trim())
              .join(', ') || null
          : null,
        phone: private_ ? row.customer.phone : null,
      },
      provider: {
        id: row.provider.id,
        name: fullName(row.provider),
        companyName: row.provider.companyName,
        city: row.provider.city,
      },
      viewerRole: side,
      allowedActions: allowed,
      createdAt: job.createdAt.toISOString(),
    };
  }

  /**
   * Takes `action` on the job as `viewer` (a party, or the system when viewer is null), under the job's lock:
   * strangers 404, the wrong party 403, a state the table does not allow 409 naming it; `run` makes the move's
   * outcome (or refuses it by throwing).
   */
  async function move(
    viewer: JobViewer | null,
    id: string,
    action: JobAction,
    run: (locked: Locked, actor: JobActor, at: Date, tx: Executor) => Promise<MoveOutcome>,
  ): Promise<repo.JobRow> {
    if (!isUuid(id)) throw notFound(JOB_MESSAGES.notFound);
    const at = now();
    return events.transaction(async (tx) => {
      const locked = await repo.lockJob(tx, id);
      if (!locked) throw notFound(JOB_MESSAGES.notFound);
      const side = viewer ? sideOf(viewer, locked.job) : 'system';
      if (!side) throw notFound(JOB_MESSAGES.notFound);
      const actor = refuseMove(locked.job.status, action, side);
      const outcome = await run(locked, actor, at, tx);
      return record(tx, events, locked, viewer?.id ?? null, outcome, at);
    });
  }

  /** The move, then the job as the viewer now sees it. */
  async function moveAndView(
    viewer: JobViewer,
    id: string,
    action: JobAction,
    message: string,
    run: Parameters<typeof move>[3],
  ) {
    await move(viewer, id, action, run);
    return { message, job: await view(viewer, id) };
  }

  const today = (job: repo.JobRow, at: Date) => todayIn(job.timeZone, at);

  return {
    view,

    async list(
      viewer: JobViewer,
      q: {
        page: number;
        pageSize: number;
        status?: JobStatus | 'open' | undefined;
        estimateId?: string | undefined;
      },
    ): Promise<{ items: JobListItem[]; total: number }> {
      if (q.estimateId !== undefined && !isUuid(q.estimateId)) return { items: [], total: 0 };
      const { rows, total } = await repo.listJobs(
        db,
        viewer.id,
        { ...(q.status ? { status: q.status } : {}), ...(q.estimateId ? { estimateId: q.estimateId } : {}) },
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return {
        total,
        items: rows.map((r) => {
          const asCustomer = r.job.customerId === viewer.id;
          return {
            id: r.job.id,
            estimateId: r.job.estimateId,
            estimateTitle: r.estimateTitle,
            status: r.job.status,
            total: fromCents(r.job.totalCents),
            scheduledDate: r.job.scheduledDate,
            otherParty: asCustomer
              ? r.providerCompany?.trim() ||
                fullName({ firstName: r.providerFirstName, lastName: r.providerLastName })
              : fullName({ firstName: r.customerFirstName, lastName: r.customerLastName }),
            viewerRole: asCustomer ? 'customer' : 'provider',
            createdAt: r.job.createdAt.toISOString(),
            updatedAt: r.job.updatedAt.toISOString(),
          };
        }),
      };
    },

    /**
     * The owner hires the bid's provider. Two accepts at the same moment take turns on the estimate's lock, and the
     * jobs table's unique estimate and bid stand behind it: one job, the other caller 409.
     */
    async accept(
      owner: { id: string; firstName: string },
      estimateId: string,
      bidId: string,
      body: { price?: number | undefined } = {},
    ) {
      if (!isUuid(estimateId) || !isUuid(bidId)) throw notFound(BID_MESSAGES.bidNotFound);
      const at = now();
      const { bid, job } = await events.transaction(async (tx) => {
        const estimate = await repo.lockOwnedEstimate(tx, estimateId, owner.id);
        if (!estimate) throw notFound(BID_MESSAGES.notFound);
        const found = await repo.lockBid(tx, estimateId, bidId);
        if (!found) throw notFound(BID_MESSAGES.bidNotFound);
        if (found.status !== 'pending') throw new AppError('CONFLICT', BID_MESSAGES.notPending);
        const to = nextStatus(estimate.status, 'acceptBid');
        if (!to) throw new AppError('CONFLICT', BID_MESSAGES.notPosted);
        const timeZone = 'UTC';
        const quote = await latestQuoteOf(tx, bidId);
        if (quote && quote.validUntil < todayIn(timeZone, at)) {
          throw new AppError('CONFLICT', QUOTE_MESSAGES.expired);
        }
        // The agreed price, frozen now: the quote's total, else the price the customer confirmed, else the
        // estimate's final amount.
        const agreedCents = quote
          ? quote.totalCents
          : body.price !== undefined
            ? toCents(body.price)
            : estimate.finalCents;
        const { accepted, declinedProviderIds } = await repo.acceptBid(tx, estimateId, bidId, at);
        if (!(await repo.moveEstimate(tx, estimateId, estimate.status, to, at))) {
          throw new AppError('CONFLICT', BID_MESSAGES.notPosted);
        }
        const created = await repo.insertJob(tx, {
          estimateId,
          bidId,
          customerId: owner.id,
          providerId: found.providerId,
          quoteId: quote?.id ?? null,
          status: 'hired',
          agreedCents,
          totalCents: agreedCents,
          timeZone,
          createdAt: at,
          updatedAt: at,
        });
        if (!created) throw new AppError('CONFLICT', JOB_MESSAGES.alreadyHired);
        const detail = quote
          ? `Hired at ${formatCents(agreedCents)} (quote revision ${quote.revision})`
          : `Hired at ${formatCents(agreedCents)}`;
        await repo.insertJobEvent(tx, {
          jobId: created.id,
          at,
          actorId: owner.id,
          event: 'hired',
          detail,
          data: { agreedCents, quoteId: quote?.id ?? null },
        });
        // Whoever reacts to the hire (its provider and the bidders not selected are told) does so in this
        // transaction.
        await events.publish(tx, 'bidAccepted', {
          bidId,
          estimateId,
          estimateTitle: estimate.title,
          providerId: found.providerId,
          customerName: owner.firstName,
          jobId: created.id,
          at,
        });
        if (declinedProviderIds.length > 0) {
          await events.publish(tx, 'bidsDeclined', {
            estimateId,
            estimateTitle: estimate.title,
            providerIds: declinedProviderIds,
            at,
          });
        }
        await events.publish(tx, 'jobChanged', {
          jobId: created.id,
          estimateId,
          estimateTitle: estimate.title,
          customerId: owner.id,
          providerId: found.providerId,
          actorId: owner.id,
          event: 'hired',
          detail,
          at,
        });
        return { bid: accepted, job: created };
      });
      return { message: BID_MESSAGES.accepted, bid: toBid(bid), jobId: job.id };
    },

    proposeDate: (viewer: JobViewer, id: string, date: string) =>
      moveAndView(viewer, id, 'proposeDate', JOB_MESSAGES.proposed, async ({ job }, actor, at) => {
        if (date < today(job, at)) {
          throw new AppError('VALIDATION', JOB_MESSAGES.dateInPast, { date: JOB_MESSAGES.dateInPast });
        }
        return {
          event: 'scheduleProposed',
          detail: `The ${actor} proposed ${formatJobDate(date)} as the start date`,
          data: { date },
          patch: { proposedDate: date, proposedBy: viewer.id },
        };
      }),

    confirmDate: (viewer: JobViewer, id: string) =>
      moveAndView(viewer, id, 'confirmDate', JOB_MESSAGES.confirmed, async ({ job }, actor, at) => {
        if (!job.proposedDate) throw new AppError('CONFLICT', JOB_MESSAGES.noProposal);
        if (job.proposedBy === viewer.id) throw forbidden(JOB_MESSAGES.ownProposal);
        if (job.proposedDate < today(job, at)) throw new AppError('CONFLICT', JOB_MESSAGES.proposalPassed);
        return {
          event: 'scheduleConfirmed',
          detail: `The ${actor} confirmed ${formatJobDate(job.proposedDate)} as the start date`,
          data: { date: job.proposedDate },
          patch: {
            status: 'scheduled',
            scheduledDate: job.proposedDate,
            proposedDate: null,
            proposedBy: null,
          },
        };
      }),

    start: (viewer: JobViewer, id: string) =>
      moveAndView(viewer, id, 'start', JOB_MESSAGES.started, async ({ job }, _actor, at) => {
        if (job.scheduledDate && today(job, at) < job.scheduledDate) {
          throw new AppError(
            'CONFLICT',
            `This job is scheduled: it cannot be started before ${formatJobDate(job.scheduledDate)}.`,
          );
        }
        return {
          event: 'started',
          detail: 'The provider started the work',
          patch: { status: 'in_progress', startedAt: at },
        };
      }),

    /** Checks the provider may mark the work done now, before the photos are read (the move checks again). */
    async checkComplete(viewer: JobViewer, id: string) {
      if (!isUuid(id)) throw notFound(JOB_MESSAGES.notFound);
      const job = await repo.findJob(db, id);
      const side = job ? sideOf(viewer, job) : null;
      if (!job || !side) throw notFound(JOB_MESSAGES.notFound);
      refuseMove(job.status, 'complete', side);
    },

    complete: (viewer: JobViewer, id: string, note: string, photos: readonly PhotoUpload[] = []) =>
      moveAndView(
        viewer,
        id,
        'complete',
        JOB_MESSAGES.completionRequested,
        async ({ job }, _actor, at, tx) => {
          await repo.insertPhotos(
            tx,
            photos.map((p) => ({
              jobId: job.id,
              contentType: 'image/webp',
              width: p.width,
              height: p.height,
              byteSize: p.data.length,
              data: p.data,
              createdAt: at,
            })),
          );
          // Seven days without an answer confirm it; keyed by the job and this request, so a later request (after
          // a reopen) has its own item and an earlier one finds the request it was for gone.
          await work.schedule(
            tx,
            'jobAutoConfirm',
            { jobId: job.id },
            {
              dueAt: new Date(at.getTime() + JOB_AUTO_CONFIRM_DAYS * DAY_MS),
              key: `job:${job.id}:${at.getTime()}`,
            },
          );
          return {
            event: 'completionRequested',
            detail: note
              ? `The provider marked the work as done: ${note}`
              : 'The provider marked the work as done',
            data: { photos: photos.length },
            patch: {
              status: 'completion_requested',
              completionRequestedAt: at,
              completionNote: note || null,
            },
          };
        },
      ),

    confirm: (viewer: JobViewer, id: string) =>
      moveAndView(viewer, id, 'confirm', JOB_MESSAGES.completed, async (_l, _a, at) => completion(false, at)),

    /**
     * The timed confirmation: completes the job if its completion request is still unanswered and its seven days
     * have passed (an item of an earlier request, before a reopen, does nothing). Returns whether it completed it.
     */
    async autoConfirm(jobId: string): Promise<boolean> {
      if (!isUuid(jobId)) return false;
      try {
        await move(null, jobId, 'autoConfirm', async ({ job }, _a, at) => {
          const due = autoConfirmAt(job);
          if (!due || due.getTime() > at.getTime()) throw new AppError('CONFLICT', 'not due');
          return completion(true, at);
        });
        return true;
      } catch (err) {
        if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND')) return false;
        throw err;
      }
    },

    reopen: (viewer: JobViewer, id: string, reason: string) =>
      moveAndView(viewer, id, 'reopen', JOB_MESSAGES.reopened, async () => ({
        event: 'reopened',
        detail: `The customer reopened the job: ${reason}`,
        data: { reason },
        patch: { status: 'in_progress', completionRequestedAt: null },
      })),

    cancel: (viewer: JobViewer, id: string, reason: string) =>
      moveAndView(viewer, id, 'cancel', JOB_MESSAGES.cancelled, async ({ job }, actor, at) => {
        const late = isLateCancellation(job, at);
        return {
          event: 'cancelled',
          detail: `The ${actor} cancelled${late ? ' late' : ''}: ${reason}`,
          data: { reason, late },
          patch: {
            status: 'cancelled',
            cancelledAt: at,
            cancelledBy: viewer.id,
            cancelReason: reason,
            lateCancellation: late,
          },
        };
      }),

    proposeChange: (viewer: JobViewer, id: string, body: { label: string; amount: number; reason: string }) =>
      moveAndView(viewer, id, 'proposeChange', JOB_MESSAGES.changeProposed, async ({ job }, _a, at, tx) => {
        const amountCents = toCents(body.amount);
        if (job.totalCents + amountCents < 0) {
          throw new AppError('VALIDATION', JOB_MESSAGES.belowZero, { amount: JOB_MESSAGES.belowZero });
        }
        const co = await repo.insertChangeOrder(tx, {
          jobId: job.id,
          label: body.label,
          amountCents,
          reason: body.reason,
          createdAt: at,
        });
        return {
          event: 'changeOrderProposed',
          detail: `The provider proposed "${body.label}": ${amountCents < 0 ? '-' : '+'}${formatCents(Math.abs(amountCents))}`,
          data: { changeOrderId: co.id, amountCents },
        };
      }),

    decideChange: (viewer: JobViewer, id: string, changeOrderId: string, approve: boolean) =>
      moveAndView(
        viewer,
        id,
        'decideChange',
        approve ? JOB_MESSAGES.changeApproved : JOB_MESSAGES.changeDeclined,
        async ({ job }, _a, at, tx) => {
          if (!isUuid(changeOrderId)) throw notFound(JOB_MESSAGES.changeOrderNotFound);
          const co = await repo.findChangeOrder(tx, job.id, changeOrderId);
          if (!co) throw notFound(JOB_MESSAGES.changeOrderNotFound);
          if (co.status !== 'pending') throw new AppError('CONFLICT', JOB_MESSAGES.changeOrderDecided);
          const totalCents = job.totalCents + co.amountCents;
          if (approve && totalCents < 0) throw new AppError('VALIDATION', JOB_MESSAGES.belowZero);
          await repo.decideChangeOrder(tx, co.id, approve ? 'approved' : 'declined', at);
          const signed = `${co.amountCents < 0 ? '-' : '+'}${formatCents(Math.abs(co.amountCents))}`;
          return approve
            ? {
                event: 'changeOrderApproved',
                detail: `The customer approved "${co.label}" (${signed}); the total is now ${formatCents(totalCents)}`,
                data: { changeOrderId: co.id, totalCents },
                patch: { totalCents },
              }
            : {
                event: 'changeOrderDeclined',
                detail: `The customer declined "${co.label}" (${signed})`,
                data: { changeOrderId: co.id },
              };
        },
      ),

    /** A photo's bytes, for the parties and admins (anyone else 404). */
    async photo(viewer: JobViewer, id: string, photoId: string) {
      if (!isUuid(id)) throw notFound(JOB_MESSAGES.notFound);
      const job = await repo.findJob(db, id);
      if (!job || !sideOf(viewer, job)) throw notFound(JOB_MESSAGES.notFound);
      if (!isUuid(photoId)) throw notFound(JOB_MESSAGES.photoNotFound);
      const row = await repo.findPhoto(db, id, photoId);
      if (!row) throw notFound(JOB_MESSAGES.photoNotFound);
      return row;
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;

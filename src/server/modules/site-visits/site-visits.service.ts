// Site visits (decision 0049): a bidder proposes up to three slots on a posted estimate, its owner chooses one or
// declines, either party cancels, and after the visit either records the other's no-show, which the other may
// dispute. Every change is made under the visit's row lock and publishes siteVisitChanged in its transaction
// (the notification centre tells the other party). Choosing a slot schedules, in the same transaction, the mail
// with the calendar invite to both parties at once, the reminder 24 hours before and the visit's end (scheduled
// work: each runs once across instances and re-reads the visit, so a cancelled one gets nothing). Nothing stays
// open once it cannot happen: a proposal none of whose times was chosen ends when the last one starts (scheduled
// with the proposal), and a hire, a withdrawn bid, an unposted, closed or deleted estimate and a closed account
// cancel the open visits they concern, in their own transaction.
import { isUuid } from '#domain/ids';
import { publicName } from '#domain/format';
import type { Role } from '#domain/permissions';
import {
  canAnswer,
  canCancel,
  canDispute,
  canRecordNoShow,
  formatVisitTime,
  jobTimeZone,
  otherSide,
  SITE_VISIT_ADDRESS_BEFORE_MS,
  SITE_VISIT_MESSAGES,
  SITE_VISIT_REMINDER_BEFORE_MS,
  slotEnd,
  slotProblems,
  type SiteVisitFacts,
  type SiteVisitSide,
} from '#domain/site-visits';
import type {
  SiteVisit,
  SiteVisitList,
  SiteVisitListQuery,
  SiteVisitProposal,
} from '#domain/schemas/site-visit.schema';
import type { AppEvents } from '#server/core/app-events';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { placeOfZip } from '#server/modules/geo';
import { visitMail, type InviteFacts } from './site-visit-invite.ts';
import * as repo from './site-visits.repo.ts';

export interface SiteVisitViewer {
  id: string;
  role: Role | string;
}

type Ctx = Pick<AppContext, 'db' | 'now' | 'events' | 'work' | 'mailer' | 'config'>;

/** The city a visit shows: the estimate's, with its state, else the region's label. */
export function cityOf(e: { city: string; state: string; regionLabel: string }): string {
  const city = e.city.trim();
  if (city) return e.state.trim() ? `${city}, ${e.state.trim()}` : city;
  return e.regionLabel;
}

const providerName = (first: string, last: string, company: string | null) =>
  company?.trim() || publicName(first, last);

function factsOf(v: repo.SiteVisitRow): SiteVisitFacts {
  return {
    status: v.status,
    endsAt: v.chosenSlot === null ? null : v.endsAt.toISOString(),
    noShow: v.noShowParty ? { party: v.noShowParty, disputed: v.disputedAt !== null } : null,
  };
}

function toSiteVisit(r: repo.SiteVisitListRow, viewerId: string): SiteVisit {
  const v = r.visit;
  const chosen = v.chosenSlot !== null;
  return {
    id: v.id,
    status: v.status,
    estimateId: v.estimateId,
    estimateTitle: r.estimateTitle,
    city: cityOf(r),
    timeZone: v.timeZone,
    slots: v.slots.map((s) => ({ start: s.start, minutes: s.minutes })),
    chosenSlot: v.chosenSlot,
    startsAt: chosen ? v.startsAt.toISOString() : null,
    endsAt: chosen ? v.endsAt.toISOString() : null,
    side: v.customerId === viewerId ? 'customer' : 'provider',
    customer: { id: v.customerId, name: publicName(r.customerFirst, r.customerLast) },
    provider: { id: v.providerId, name: providerName(r.providerFirst, r.providerLast, r.providerCompany) },
    declineNote: v.declineNote,
    cancelReason: v.cancelReason,
    cancelledBy: v.cancelledBy,
    noShow: v.noShowParty
      ? {
          party: v.noShowParty,
          recordedAt: v.noShowAt!.toISOString(),
          disputed: v.disputedAt !== null,
          disputeNote: v.disputeNote,
        }
      : null,
    createdAt: v.createdAt.toISOString(),
  };
}

/** The viewer's side of the visit, or null when they are not a party (answered 404). */
const sideOf = (v: repo.SiteVisitRow, viewerId: string): SiteVisitSide | null =>
  v.customerId === viewerId ? 'customer' : v.providerId === viewerId ? 'provider' : null;

/** The visit's time as its parties read it: the chosen slot's, else the first proposed one's. */
const whenOf = (v: repo.SiteVisitRow) => formatVisitTime(v.startsAt, v.timeZone);

export function createSiteVisitsService(ctx: Ctx) {
  const { db, now, events, work, mailer, config } = ctx;

  async function view(on: Executor, id: string, viewerId: string): Promise<SiteVisit> {
    const row = await repo.visitView(on, id);
    if (!row) throw notFound(SITE_VISIT_MESSAGES.notFound);
    return toSiteVisit(row, viewerId);
  }

  async function publish(
    tx: Executor,
    v: repo.SiteVisitRow,
    event: AppEvents['siteVisitChanged']['event'],
    actorId: string | null,
    detail: string,
    at: Date,
    estimateTitle?: string,
    tell?: SiteVisitSide,
  ) {
    const title = estimateTitle ?? (await repo.estimatePlace(tx, v.estimateId))?.title ?? '';
    await events.publish(tx, 'siteVisitChanged', {
      visitId: v.id,
      estimateId: v.estimateId,
      estimateTitle: title,
      customerId: v.customerId,
      providerId: v.providerId,
      actorId,
      ...(tell ? { tell } : {}),
      event,
      when: whenOf(v),
      detail,
      at,
    });
  }

  /**
   * Cancels open visits (already locked) that something else ended, in its transaction, with its reason, and tells
   * the party the event names: `by` is the side it counts against (null: the system).
   */
  async function cancelLocked(
    tx: Executor,
    visits: repo.SiteVisitRow[],
    c: {
      by: SiteVisitSide | null;
      reason: string;
      actorId: string | null;
      at: Date;
      estimateTitle?: string;
      tell?: SiteVisitSide;
    },
  ) {
    for (const v of visits) {
      const updated = await repo.updateVisit(tx, v.id, {
        status: 'cancelled',
        cancelledBy: c.by,
        cancelReason: c.reason,
        updatedAt: c.at,
      });
      await publish(tx, updated!, 'cancelled', c.actorId, c.reason, c.at, c.estimateTitle, c.tell);
    }
  }

  /**
   * Runs `change` on the visit locked, for one of its parties (anyone else: 404, as for an unknown visit); answers
   * the visit as the viewer sees it after the change.
   */
  async function changeVisit(
    viewer: SiteVisitViewer,
    id: string,
    change: (tx: Executor, v: repo.SiteVisitRow, side: SiteVisitSide, at: Date) => Promise<void>,
  ): Promise<SiteVisit> {
    if (!isUuid(id)) throw notFound(SITE_VISIT_MESSAGES.notFound);
    const at = now();
    await events.transaction(async (tx) => {
      const v = await repo.lockVisit(tx, id);
      const side = v ? sideOf(v, viewer.id) : null;
      if (!v || !side) throw notFound(SITE_VISIT_MESSAGES.notFound);
      await change(tx, v, side, at);
    });
    return view(db, id, viewer.id);
  }

  const conflict = (message: string) => new AppError('CONFLICT', message);

  return {
    async propose(viewer: SiteVisitViewer, estimateId: string, body: SiteVisitProposal): Promise<SiteVisit> {
      if (!isUuid(estimateId)) throw notFound(SITE_VISIT_MESSAGES.estimateNotFound);
      const at = now();
      const problems = slotProblems(body.slots, at);
      const first = Object.values(problems)[0];
      if (first !== undefined) throw new AppError('VALIDATION', first, problems);
      const slots = body.slots.map((s) => ({ start: new Date(s.start).toISOString(), minutes: s.minutes }));
      const id = await events.transaction(async (tx) => {
        await repo.lockForProposal(tx, estimateId);
        const estimate = await repo.estimateForProposal(tx, estimateId, viewer.id);
        // Only a provider with a pending bid on it may propose; to anyone else the estimate is not there.
        if (!estimate || !estimate.hasBid) throw notFound(SITE_VISIT_MESSAGES.estimateNotFound);
        if (estimate.status !== 'posted') throw conflict(SITE_VISIT_MESSAGES.notPosted);
        const zipPlace = estimate.zipCode ? await placeOfZip(tx, estimate.zipCode) : null;
        const starts = slots.map((s) => Date.parse(s.start));
        const ends = slots.map((s) => slotEnd(s).getTime());
        const visit = await repo.insertVisit(tx, {
          estimateId,
          customerId: estimate.ownerId,
          providerId: viewer.id,
          status: 'proposed',
          slots,
          startsAt: new Date(Math.min(...starts)),
          // While proposed, the visit is upcoming until its last slot has ended.
          endsAt: new Date(Math.max(...ends)),
          timeZone: jobTimeZone({ ...estimate, zipTimeZone: zipPlace?.timeZone }),
          createdAt: at,
          updatedAt: at,
        });
        if (!visit) throw conflict(SITE_VISIT_MESSAGES.openExists);
        // A proposal none of whose times is chosen ends when the last one starts (none can be chosen then).
        await work.schedule(
          tx,
          'siteVisitProposalExpiry',
          { visitId: visit.id },
          { dueAt: new Date(Math.max(...starts)), key: `siteVisitProposalExpiry:${visit.id}` },
        );
        await publish(tx, visit, 'proposed', viewer.id, String(slots.length), at, estimate.title);
        return visit.id;
      });
      return view(db, id, viewer.id);
    },

    choose(viewer: SiteVisitViewer, id: string, slot: number) {
      return changeVisit(viewer, id, async (tx, v, side, at) => {
        if (side !== 'customer') throw new AppError('FORBIDDEN', SITE_VISIT_MESSAGES.ownerOnly);
        if (!canAnswer(factsOf(v), side)) throw conflict(SITE_VISIT_MESSAGES.notProposed);
        const chosen = v.slots[slot];
        if (!chosen) {
          throw new AppError('VALIDATION', SITE_VISIT_MESSAGES.slot, { slot: SITE_VISIT_MESSAGES.slot });
        }
        const start = new Date(chosen.start);
        if (start.getTime() <= at.getTime()) {
          throw new AppError('VALIDATION', SITE_VISIT_MESSAGES.past, { slot: SITE_VISIT_MESSAGES.past });
        }
        const end = slotEnd(chosen);
        const updated = await repo.updateVisit(tx, v.id, {
          status: 'confirmed',
          chosenSlot: slot,
          startsAt: start,
          endsAt: end,
          updatedAt: at,
        });
        // The invite to both parties at once; the reminder (with the address) 24 hours before, unless that has
        // passed (the invite sent now already carries the address); the visit's end.
        await work.schedule(
          tx,
          'siteVisitMail',
          { visitId: v.id, stage: 'confirmed' },
          { key: `siteVisitMail:confirmed:${v.id}` },
        );
        const remindAt = start.getTime() - SITE_VISIT_REMINDER_BEFORE_MS;
        if (remindAt > at.getTime()) {
          await work.schedule(
            tx,
            'siteVisitMail',
            { visitId: v.id, stage: 'reminder' },
            { dueAt: new Date(remindAt), key: `siteVisitMail:reminder:${v.id}` },
          );
        }
        await work.schedule(
          tx,
          'siteVisitEnded',
          { visitId: v.id },
          { dueAt: end, key: `siteVisitEnded:${v.id}` },
        );
        await publish(tx, updated!, 'confirmed', viewer.id, '', at);
      });
    },

    decline(viewer: SiteVisitViewer, id: string, note: string) {
      return changeVisit(viewer, id, async (tx, v, side, at) => {
        if (side !== 'customer') throw new AppError('FORBIDDEN', SITE_VISIT_MESSAGES.ownerOnly);
        if (!canAnswer(factsOf(v), side)) throw conflict(SITE_VISIT_MESSAGES.notProposed);
        const updated = await repo.updateVisit(tx, v.id, {
          status: 'declined',
          declineNote: note.trim() || null,
          updatedAt: at,
        });
        await publish(tx, updated!, 'declined', viewer.id, note.trim(), at);
      });
    },

    cancel(viewer: SiteVisitViewer, id: string, reason: string) {
      return changeVisit(viewer, id, async (tx, v, side, at) => {
        if (!canCancel(factsOf(v))) throw conflict(SITE_VISIT_MESSAGES.notOpen);
        const updated = await repo.updateVisit(tx, v.id, {
          status: 'cancelled',
          cancelledBy: side,
          cancelReason: reason.trim(),
          updatedAt: at,
        });
        await publish(tx, updated!, 'cancelled', viewer.id, reason.trim(), at);
      });
    },

    noShow(viewer: SiteVisitViewer, id: string) {
      return changeVisit(viewer, id, async (tx, v, side, at) => {
        const facts = factsOf(v);
        if (facts.noShow) throw conflict(SITE_VISIT_MESSAGES.noShowExists);
        if (v.status !== 'confirmed' && v.status !== 'done') throw conflict(SITE_VISIT_MESSAGES.notConfirmed);
        if (!canRecordNoShow(facts, at)) throw conflict(SITE_VISIT_MESSAGES.notEnded);
        const updated = await repo.updateVisit(tx, v.id, {
          status: 'done',
          noShowParty: otherSide(side),
          noShowAt: at,
          updatedAt: at,
        });
        await publish(tx, updated!, 'noShow', viewer.id, otherSide(side), at);
      });
    },

    dispute(viewer: SiteVisitViewer, id: string, note: string) {
      return changeVisit(viewer, id, async (tx, v, side, at) => {
        const facts = factsOf(v);
        if (!facts.noShow) throw conflict(SITE_VISIT_MESSAGES.noNoShow);
        if (facts.noShow.party !== side) throw conflict(SITE_VISIT_MESSAGES.notAccused);
        if (!canDispute(facts, side)) throw conflict(SITE_VISIT_MESSAGES.disputed);
        const updated = await repo.updateVisit(tx, v.id, {
          disputeNote: note.trim(),
          disputedAt: at,
          updatedAt: at,
        });
        await publish(tx, updated!, 'disputed', viewer.id, note.trim(), at);
      });
    },

    async list(viewer: SiteVisitViewer, q: SiteVisitListQuery): Promise<SiteVisitList> {
      const { rows, total } = await repo.listMine(db, viewer.id, q, now());
      return {
        items: rows.map((r) => toSiteVisit(r, viewer.id)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /**
     * A hire: the other bidders' open visits on the estimate are cancelled (by the system), in the hire's
     * transaction, and each is told.
     */
    async cancelForHire(tx: Executor, e: AppEvents['bidAccepted']) {
      await cancelLocked(tx, await repo.lockOpenVisitsOfOthers(tx, e.estimateId, e.providerId), {
        by: null,
        reason: SITE_VISIT_MESSAGES.cancelledByHire,
        actorId: null,
        at: e.at,
        estimateTitle: e.estimateTitle,
      });
    },

    /** A withdrawn bid: the provider's open visit on the estimate is cancelled (by them), and the customer told. */
    async cancelForWithdrawal(tx: Executor, e: AppEvents['bidWithdrawn']) {
      await cancelLocked(tx, await repo.lockOpenVisitOf(tx, e.estimateId, e.providerId), {
        by: 'provider',
        reason: SITE_VISIT_MESSAGES.cancelledByWithdrawal,
        actorId: e.providerId,
        at: e.at,
      });
    },

    /**
     * The owner unposted, closed or deleted the estimate: every open visit on it is cancelled (by the customer,
     * their act) in that transaction, and each provider told.
     */
    async cancelForWithdrawnEstimate(tx: Executor, e: AppEvents['estimateWithdrawn']) {
      await cancelLocked(tx, await repo.lockOpenVisitsOn(tx, e.estimateId), {
        by: 'customer',
        reason:
          e.how === 'unposted'
            ? SITE_VISIT_MESSAGES.cancelledByUnpost
            : e.how === 'closed'
              ? SITE_VISIT_MESSAGES.cancelledByClose
              : SITE_VISIT_MESSAGES.cancelledByDelete,
        actorId: e.ownerId,
        at: e.at,
        estimateTitle: e.estimateTitle,
      });
    },

    /**
     * A party cancelled the hired job: the hired provider's open visit on it is cancelled on that party's behalf in
     * the same transaction, and the other party told. (A job the system cancels ends with a closed account, whose
     * own event cancels the visits.)
     */
    async cancelForCancelledJob(tx: Executor, e: AppEvents['jobChanged']) {
      const by = e.actorId === e.customerId ? 'customer' : e.actorId === e.providerId ? 'provider' : null;
      if (e.event !== 'cancelled' || !by) return;
      await cancelLocked(tx, await repo.lockOpenVisitOf(tx, e.estimateId, e.providerId), {
        by,
        reason: SITE_VISIT_MESSAGES.cancelledByJobCancel,
        actorId: e.actorId,
        at: e.at,
        estimateTitle: e.estimateTitle,
      });
    },

    /**
     * An account closed: its open visits, either side, are cancelled in the closing transaction (on that side's
     * behalf, by the system: the account is gone), and the other party is told.
     */
    async cancelForClosedAccount(tx: Executor, e: AppEvents['accountClosed']) {
      const open = await repo.lockOpenVisitsOfUser(tx, e.userId);
      for (const side of ['customer', 'provider'] as const) {
        const own = open.filter((v) => (v.customerId === e.userId) === (side === 'customer'));
        await cancelLocked(tx, own, {
          by: side,
          reason:
            side === 'customer'
              ? SITE_VISIT_MESSAGES.customerAccountClosed
              : SITE_VISIT_MESSAGES.providerAccountClosed,
          actorId: null,
          at: e.at,
          tell: otherSide(side),
        });
      }
    },

    /**
     * A proposal's last slot started: if it is still waiting for a choice, none can be made any more; it is
     * cancelled by the system (so the provider may propose again) and the provider told. Anything else (chosen,
     * declined, cancelled, or an item run early) is left alone.
     */
    async expireProposal(visitId: string) {
      const at = now();
      await events.transaction(async (tx) => {
        const v = await repo.lockVisit(tx, visitId);
        if (!v || v.status !== 'proposed') return;
        if (v.slots.some((s) => Date.parse(s.start) > at.getTime())) return;
        const updated = await repo.updateVisit(tx, v.id, {
          status: 'cancelled',
          cancelledBy: null,
          cancelReason: SITE_VISIT_MESSAGES.expired,
          updatedAt: at,
        });
        await publish(tx, updated!, 'expired', null, SITE_VISIT_MESSAGES.expired, at);
      });
    },

    /**
     * The mail with the invite, to both parties (open accounts), whatever their notification choices; only while
     * the visit is still confirmed on the same slot. The reminder also tells both in the app.
     */
    async sendMail(visitId: string, stage: 'confirmed' | 'reminder') {
      const at = now();
      const v = await repo.findVisit(db, visitId);
      if (!v || v.status !== 'confirmed' || v.chosenSlot === null) return;
      if (stage === 'reminder' && v.startsAt.getTime() <= at.getTime()) return;
      const place = await repo.estimatePlace(db, v.estimateId);
      if (!place) return;
      const parties = await repo.partiesOf(db, [v.customerId, v.providerId]);
      const customer = parties.find((p) => p.id === v.customerId);
      const provider = parties.find((p) => p.id === v.providerId);
      const addressGiven = v.startsAt.getTime() - at.getTime() <= SITE_VISIT_ADDRESS_BEFORE_MS;
      const facts: InviteFacts = {
        visitId: v.id,
        estimateId: v.estimateId,
        estimateTitle: place.title,
        city: cityOf(place),
        address: addressGiven ? place.address : null,
        start: v.startsAt,
        end: v.endsAt,
        timeZone: v.timeZone,
        customerName: customer ? publicName(customer.firstName, customer.lastName) : 'The customer',
        providerName: provider
          ? providerName(provider.firstName, provider.lastName, provider.companyName)
          : 'The provider',
        stage,
        appUrl: config.APP_URL,
        now: at,
      };
      if (stage === 'reminder') {
        await events.transaction((tx) => publish(tx, v, 'reminder', null, '', at, place.title));
      }
      for (const p of [customer, provider]) {
        if (p) await mailer.send(visitMail(p, facts));
      }
    },

    /** The visit's slot ended: a confirmed visit is done. */
    async end(visitId: string) {
      const at = now();
      await events.transaction(async (tx) => {
        const v = await repo.lockVisit(tx, visitId);
        if (!v || v.status !== 'confirmed' || v.endsAt.getTime() > at.getTime()) return;
        await repo.updateVisit(tx, v.id, { status: 'done', updatedAt: at });
      });
    },
  };
}

export type SiteVisitsService = ReturnType<typeof createSiteVisitsService>;

/**
 * The scheduled work and the listeners of a hire, a withdrawn bid, a withdrawn estimate and a closed account
 * (registered once, with the routes).
 */
export function registerSiteVisitWork(ctx: Pick<AppContext, 'events' | 'work'>, service: SiteVisitsService) {
  ctx.events.inTransaction('bidAccepted', (tx, e) => service.cancelForHire(tx, e));
  ctx.events.inTransaction('bidWithdrawn', (tx, e) => service.cancelForWithdrawal(tx, e));
  ctx.events.inTransaction('estimateWithdrawn', (tx, e) => service.cancelForWithdrawnEstimate(tx, e));
  ctx.events.inTransaction('accountClosed', (tx, e) => service.cancelForClosedAccount(tx, e));
  ctx.events.inTransaction('jobChanged', (tx, e) => service.cancelForCancelledJob(tx, e));
  ctx.work.handle('siteVisitProposalExpiry', async ({ payload }) => service.expireProposal(payload.visitId));
  ctx.work.handle('siteVisitMail', async ({ payload }) => service.sendMail(payload.visitId, payload.stage));
  ctx.work.handle('siteVisitEnded', async ({ payload }) => service.end(payload.visitId));
}

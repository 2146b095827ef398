// Estimates: the server prices every saved estimate itself (it never trusts a
// client figure), keeps drafts and postings, answers the lists, and enforces the customer plan limits under
// concurrent requests (the owner's row is locked while a limited action counts and writes).
import type { EstimateStatus } from '#domain/catalog/categories';
import { findAutomotiveSubtask, priceAutomotive } from '#domain/catalog/automotive';
import { categoryLabel } from '#domain/catalog/categories';
import { actionFor, canEditText, entersDraft, textEditRefusal } from '#domain/estimate-status';
import { findCategory, findSubtask, findTask, slugKey } from '#domain/catalog/home-repair';
import { rolePermissions, type Role } from '#domain/permissions';
import {
  canAccess,
  contactButton,
  customerPlans,
  effectiveCustomerPlan,
  type CustomerPlanId,
} from '#domain/plans';
import {
  gradePermille,
  measurementFields,
  priceEstimate,
  savedEstimateText,
  splitRegion,
  type GradeLevel,
} from '#domain/pricing';
import { findRegion, regionByLocation, type Region } from '#domain/regions/index';
import { monthStart, nextMonthStart } from '#domain/dates';
import { publicName } from '#domain/format';
import {
  createEstimateSchema,
  ESTIMATE_TOO_LARGE_MESSAGE,
  LIMIT_MESSAGES,
  MAX_ESTIMATE_CENTS,
  POSTED_LIST_COUNT_CAP,
  type Estimate,
  type EstimateLineItem,
  type EstimatePage,
  type EstimateUsage,
} from '#domain/schemas/estimate-api.schema';
import { fromCents, toPermille } from '#domain/money';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import {
  AUTOMOTIVE_CATEGORY,
  findAutomotiveTask,
  type UpdateEstimateInput,
} from '#domain/schemas/estimate.schema';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { countPostedSince, customerFactsOf, hiredProviderOf } from '#server/modules/read-model';
import { providerAccessSubject, type UserRow } from '#server/modules/users';
import * as repo from './estimates.repo.ts';
import { isUuid } from '#domain/ids';
import { distanceOf, listNear, optionalPlace, type NearQuery } from '#server/modules/geo';

export const ESTIMATE_ERRORS = {
  notFound: 'Estimate not found',
  /** PUT …/status to posted checks what PATCH …/post's requireVerifiedEmail option checks. */
  unverified: VERIFY_EMAIL_REQUIRED_MESSAGE,
  badTransition: (from: EstimateStatus, to: EstimateStatus) =>
    `A ${from} estimate cannot be changed to ${to}`,
  /** A copy of an estimate whose task or subtasks the catalogue no longer offers. */
  notCopyable: 'This estimate can no longer be priced from the catalogue: start a new one instead',
  /** A copy by an owner acting as a provider (providers have no estimates of their own). */
  noEstimates: 'You do not have permission to do that',
} as const;

/** The POST /api/estimates body after validation (createEstimateSchema's output). */
export interface CreateEstimateInput {
  category: string;
  task: string;
  subtasks: string[];
  measurements: Record<string, Record<string, string | number>>;
  gradeLevel: GradeLevel;
  region: string | number;
  title?: string | undefined;
  description?: string | undefined;
  address?: string | null | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
}

/** Who asks: the session user with the role in force. */
export interface Viewer {
  id: string;
  role: Role;
  /** The session's user row (already read by the session lookup: no second read per request). */
  user: UserRow;
}

function regionOf(region: string | number): Region | undefined {
  return typeof region === 'number' ? findRegion(region) : (regionByLocation(region) ?? findRegion(region));
}

/** The API view of a row. Someone other than the owner or an admin does not get the street address or ZIP. */
export function toEstimate(row: repo.EstimateWithOwner & { bidCount?: number }, full: boolean): Estimate {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    task: row.taskName,
    taskId: row.taskId,
    subtasks: row.subtaskNames,
    subtaskIds: row.subtaskIds,
    measurements: row.measurements,
    gradeLevel: row.gradeLevel,
    region: row.regionLabel,
    regionId: row.regionId,
    finalEstimate: fromCents(row.finalCents),
    minBudget: fromCents(row.minCents),
    maxBudget: fromCents(row.maxCents),
    gradeMultiplier: row.gradePermille / 1000,
    regionMultiplier: row.regionPermille / 1000,
    regionSource: findRegion(row.regionId)?.source ?? '',
    lineItems: row.lineItems,
    address: full ? row.address : null,
    city: row.city,
    state: row.state,
    zipCode: full ? row.zipCode : '',
    status: row.status,
    bidCount: row.bidCount ?? 0,
    customerId: row.ownerId,
    customerName: publicName(row.ownerFirstName, row.ownerLastName),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    datePosted: row.postedAt?.toISOString() ?? null,
  };
}

/** What a save stores besides the request's own fields: the server's price and the catalogue's names. */
interface PricedSave {
  category: string;
  taskId: string;
  taskName: string;
  subtaskNames: string[];
  measurements: Record<string, Record<string, string | number>>;
  regionPermille: number;
  finalCents: number;
  minCents: number;
  maxCents: number;
  lineItems: EstimateLineItem[];
  title: string;
  description: string;
}

/** Only the measures each subtask uses are kept; extra keys are ignored. */
function keepFields(given: Record<string, string | number> | undefined, keys: readonly string[]) {
  return Object.fromEntries(keys.flatMap((k) => (given && k in given ? [[k, given[k]!]] : [])));
}

/** A home-repair save priced with the domain's priceEstimate (grade and regional multipliers). */
function priceHomeRepairSave(input: CreateEstimateInput, regionId: number): PricedSave {
  const category = findCategory(input.category);
  const task = findTask(input.category, input.task);
  if (!category || !task) throw new AppError('VALIDATION', 'Unknown category or task');
  const pricing = {
    category: category.id,
    task: task.id,
    subtasks: input.subtasks,
    gradeLevel: input.gradeLevel,
    region: regionId,
    measurements: Object.fromEntries(
      input.subtasks.map((id) => {
        const subtask = findSubtask(id);
        const keys = subtask ? measurementFields(subtask).map((f) => f.key) : [];
        return [id, keepFields(input.measurements[id], keys)];
      }),
    ),
  };
  const price = priceEstimate(pricing);
  return {
    category: category.id,
    taskId: task.id,
    taskName: task.name,
    subtaskNames: input.subtasks.map((id) => findSubtask(id)?.name ?? id),
    measurements: pricing.measurements,
    regionPermille: toPermille(price.regionMultiplier),
    finalCents: price.finalCents,
    minCents: price.minCents,
    maxCents: price.maxCents,
    lineItems: price.lines.map((l) => ({
      subtaskId: l.subtaskId,
      name: l.name,
      measurementType: l.measurementType,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: l.unitPrice,
      baseCents: l.baseCents,
      amountCents: l.amountCents,
      amount: l.amount,
      source: findSubtask(l.subtaskId)?.source ?? '',
    })),
    ...savedEstimateText(task.name, category.name, input.subtasks.length),
  };
}

/**
 * An automotive save priced with the domain's priceAutomotive: each line price x quantity x grade, rounded to
 * the cent, summed; no regional multiplier (the wizard's automotive preview has none).
 */
function priceAutomotiveSave(input: CreateEstimateInput): PricedSave {
  const task = findAutomotiveTask(input.task);
  if (!task) throw new AppError('VALIDATION', 'Unknown task');
  const subtasks = input.subtasks.map((id) => findAutomotiveSubtask(id));
  const price = priceAutomotive(
    input.gradeLevel,
    subtasks.map((s, i) => ({
      subtaskId: input.subtasks[i]!,
      quantity:
        s?.measurementType === 'Linked' ? 1 : Number(input.measurements[input.subtasks[i]!]?.quantity),
    })),
  );
  return {
    category: AUTOMOTIVE_CATEGORY,
    taskId: task.id,
    taskName: task.name,
    subtaskNames: subtasks.map((s, i) => s?.name ?? input.subtasks[i]!),
    measurements: Object.fromEntries(
      input.subtasks.map((id, i) => [
        id,
        keepFields(input.measurements[id], subtasks[i]?.measurementType === 'Linked' ? [] : ['quantity']),
      ]),
    ),
    regionPermille: 1000,
    finalCents: price.totalCents,
    minCents: price.minCents,
    maxCents: price.maxCents,
    lineItems: price.lines.map((l, i) => ({
      subtaskId: l.subtaskId,
      name: l.name,
      measurementType: subtasks[i]?.measurementType === 'Linked' ? 'none' : 'flatRate',
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: l.unitPrice,
      baseCents: l.baseCents,
      amountCents: l.amountCents,
      amount: fromCents(l.amountCents),
      source: subtasks[i]?.source ?? '',
    })),
    ...savedEstimateText(task.name, categoryLabel(AUTOMOTIVE_CATEGORY), input.subtasks.length),
  };
}

const ADMIN_PICTURES = customerPlans.premium.picturesPerEstimate;
/** How many pictures this user may keep on one estimate: the customer plan's, and an admin's as premium. */
export function picturesPerEstimate(user: UserRow, role: Role, at: Date): number {
  return role === 'customer'
    ? customerPlans[effectiveCustomerPlan(user, at)].picturesPerEstimate
    : ADMIN_PICTURES;
}

export function createEstimatesService(ctx: Pick<AppContext, 'db' | 'now' | 'events'>) {
  const { db, now, events } = ctx;

  const withOwnerName = (row: repo.EstimateRow, owner: UserRow): repo.EstimateWithOwner => ({
    ...row,
    ownerFirstName: owner.firstName,
    ownerLastName: owner.lastName,
    ownerDeletedAt: owner.deletedAt,
  });

  /** The plan whose limits apply: a customer's (admins have none). */
  const limitedPlan = (user: UserRow, role: Role, t: Date): CustomerPlanId | null =>
    role === 'customer' ? effectiveCustomerPlan(user, t) : null;

  /**
   * Refuses one more draft (a save, or a move back into draft) once the plan's saved limit is reached. Counted
   * under the owner's row lock, so parallel requests cannot pass the limit together.
   */
  async function checkSavedLimit(tx: Executor, ownerId: string, planId: CustomerPlanId | null) {
    const limit = planId ? customerPlans[planId].savedEstimates : null;
    if (limit !== null && (await repo.countDrafts(tx, ownerId)) >= limit) {
      throw new AppError('FORBIDDEN', LIMIT_MESSAGES.saved(limit));
    }
  }

  async function create(user: UserRow, role: Role, input: CreateEstimateInput): Promise<Estimate> {
    // The schema has checked category, task, subtasks, measurements and region against the catalogue.
    const region = regionOf(input.region);
    if (!region) throw new AppError('VALIDATION', 'Unknown region');
    const priced =
      slugKey(input.category) === AUTOMOTIVE_CATEGORY
        ? priceAutomotiveSave(input)
        : priceHomeRepairSave(input, region.id);
    if (priced.maxCents > MAX_ESTIMATE_CENTS) {
      throw new AppError('VALIDATION', ESTIMATE_TOO_LARGE_MESSAGE, {
        measurements: ESTIMATE_TOO_LARGE_MESSAGE,
      });
    }
    const t = now();
    // An optional ZIP code the data must know (decision 0048): its centroid places the job, and its city and state
    // stand in for ones the payload leaves empty; then the region's.
    const place = await optionalPlace(db, input.zipCode, 'zipCode');
    const fromRegion = splitRegion(region.location);
    const city = input.city || place?.city || fromRegion.city;
    const state = input.state || place?.state || fromRegion.state;
    const row = await db.transaction(async (tx) => {
      await repo.lockOwner(tx, user.id);
      const planId = limitedPlan(user, role, t);
      const perMonth = planId ? customerPlans[planId].estimatesPerMonth : null;
      if (perMonth !== null && (await repo.countCreatedSince(tx, user.id, monthStart(t))) >= perMonth) {
        throw new AppError('FORBIDDEN', LIMIT_MESSAGES.generated(perMonth));
      }
      await checkSavedLimit(tx, user.id, planId);
      return repo.insertEstimate(tx, {
        ownerId: user.id,
        title: input.title || priced.title,
        description: input.description || priced.description,
        category: priced.category,
        taskId: priced.taskId,
        taskName: priced.taskName,
        subtaskIds: input.subtasks,
        subtaskNames: priced.subtaskNames,
        measurements: priced.measurements,
        gradeLevel: input.gradeLevel,
        gradePermille: gradePermille(input.gradeLevel),
        regionId: region.id,
        regionLabel: region.location,
        regionPermille: priced.regionPermille,
        address: input.address || null,
        city,
        state,
        zipCode: place?.zip ?? '',
        lat: place?.lat ?? null,
        lng: place?.lng ?? null,
        status: 'draft',
        finalCents: priced.finalCents,
        minCents: priced.minCents,
        maxCents: priced.maxCents,
        lineItems: priced.lineItems,
        createdAt: t,
        updatedAt: t,
      });
    });
    return toEstimate(withOwnerName(row, user), true);
  }

  /**
   * The owner's new draft made from one of their estimates in any status (after a cancelled job, to post the work
   * again): the same task, subtasks, measurements, grade, region, street address, ZIP, title and description,
   * priced again from today's catalogue and counted against the plan's generated and saved limits exactly as a
   * save (it is one: `create`). Nothing of the price is copied. Anyone else's estimate, an admin's call on an
   * estimate not theirs included, or an unknown id is a 404; one the catalogue no longer prices is a 409
   * (decision 0041).
   */
  async function copy(user: UserRow, role: Role, id: string): Promise<Estimate> {
    if (!isUuid(id)) throw notFound(ESTIMATE_ERRORS.notFound);
    const source = await repo.findEstimate(db, id);
    if (!source || source.ownerId !== user.id) throw notFound(ESTIMATE_ERRORS.notFound);
    if (!rolePermissions[role].includes('createEstimate')) {
      throw new AppError('FORBIDDEN', ESTIMATE_ERRORS.noEstimates);
    }
    // Checked as a new save's body is: the catalogue may have changed since the estimate was saved.
    const input = createEstimateSchema.safeParse({
      category: source.category,
      task: source.taskId,
      subtasks: source.subtaskIds,
      measurements: source.measurements,
      gradeLevel: source.gradeLevel,
      region: source.regionId,
      title: source.title,
      description: source.description,
      address: source.address,
      // A ZIP code the data no longer knows is left behind rather than refusing the copy.
      zipCode: source.lat === null ? '' : source.zipCode,
    });
    if (!input.success) throw new AppError('CONFLICT', ESTIMATE_ERRORS.notCopyable);
    return create(user, role, input.data);
  }

  /**
   * Owner and admin always; any other signed-in user only while it is posted by an open account, and the provider
   * hired on it (the job page links to it) once it is no longer posted; else 404.
   */
  async function get(viewer: Viewer, id: string): Promise<Estimate> {
    if (!isUuid(id)) throw notFound(ESTIMATE_ERRORS.notFound);
    const row = await repo.findEstimate(db, id);
    if (!row) throw notFound(ESTIMATE_ERRORS.notFound);
    const full = row.ownerId === viewer.id || viewer.role === 'admin';
    const readable =
      full ||
      (!row.ownerDeletedAt &&
        (row.status === 'posted' ||
          (viewer.role === 'provider' && (await hiredProviderOf(db, id)) === viewer.id)));
    if (!readable) throw notFound(ESTIMATE_ERRORS.notFound);
    const [estimate] = await withCustomerFacts(viewer, [accessFor(viewer)(toEstimate(row, full))]);
    return estimate!;
  }

  /**
   * For a provider reading others' posted work, each estimate's customer facts (decision 0044), one statement for
   * the whole page; nothing for anyone else.
   */
  async function withCustomerFacts(viewer: Viewer, items: Estimate[]): Promise<Estimate[]> {
    if (viewer.role !== 'provider') return items;
    const others = items.filter((e) => e.customerId !== viewer.id);
    if (others.length === 0) return items;
    const facts = await customerFactsOf(
      db,
      others.map((e) => e.customerId),
      now(),
    );
    return items.map((e) => {
      const f = e.customerId === viewer.id ? undefined : facts.get(e.customerId);
      return f ? { ...e, customerFacts: f } : e;
    });
  }

  /** For a provider, a function that adds their access to an estimate (from the session's row: no read). */
  function accessFor(viewer: Viewer): (e: Estimate) => Estimate {
    if (viewer.role !== 'provider') return (e) => e;
    const subject = providerAccessSubject(viewer.user);
    const t = now();
    return (e) => {
      const button = contactButton(canAccess(subject, e.category, null, t));
      return {
        ...e,
        providerAccess: { allowed: !button.disabled, label: button.label, reason: button.tooltip },
      };
    };
  }

  async function listOwn(viewer: Viewer, q: repo.ListFilters & repo.PageRequest): Promise<EstimatePage> {
    const { rows, total, totalCapped } = await repo.listOwn(db, viewer.id, q, q);
    return {
      items: rows.map((r) => toEstimate(r, true)),
      total,
      totalCapped,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function listPosted(
    viewer: Viewer,
    q: repo.ListFilters & repo.PageRequest & NearQuery & { sort?: 'newest' | 'nearest' | undefined },
  ): Promise<EstimatePage> {
    const { near, point } = await listNear(db, q);
    const { rows, total, totalCapped } = await repo.listPosted(db, q, q, POSTED_LIST_COUNT_CAP, near, q.sort);
    const annotate = accessFor(viewer);
    return {
      items: await withCustomerFacts(
        viewer,
        rows.map((r) => {
          const e = annotate(toEstimate(r, r.ownerId === viewer.id || viewer.role === 'admin'));
          if (point) e.distanceMiles = distanceOf(point, r);
          return e;
        }),
      ),
      total,
      totalCapped,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * Changes the status of the owner's estimate as the domain's table allows (anything else is a 409 naming both
   * statuses). Posting checks the verified email and the posted limit; every move into draft (Unpost, Reopen) is
   * one more saved estimate and checks the saved limit. Both count under the owner's row lock, as saving does, so
   * parallel requests cannot pass the limit together.
   */
  async function changeStatus(user: UserRow, role: Role, id: string, to: EstimateStatus): Promise<Estimate> {
    if (!isUuid(id)) throw notFound(ESTIMATE_ERRORS.notFound);
    const t = now();
    const row = await events.transaction(async (tx) => {
      // The owner's row is locked before the estimate's whenever the change may count against a limit: posting,
      // and every move into draft.
      if (to === 'posted' || to === 'draft') await repo.lockOwner(tx, user.id);
      const current = await repo.lockEstimate(tx, id, user.id);
      if (!current) throw notFound(ESTIMATE_ERRORS.notFound);
      if (current.status === to) return current;
      const action = actionFor(current.status, to);
      if (!action) throw new AppError('CONFLICT', ESTIMATE_ERRORS.badTransition(current.status, to));
      if (entersDraft(action)) await checkSavedLimit(tx, user.id, limitedPlan(user, role, t));
      if (action !== 'post') {
        const changed = await repo.updateEstimate(tx, id, { status: to, updatedAt: t });
        // A posted estimate unposted or closed is no longer open to bids or site visits: whoever holds something
        // open on it (a proposed or booked visit) is let go in this same transaction.
        if (current.status === 'posted') {
          await events.publish(tx, 'estimateWithdrawn', {
            estimateId: id,
            ownerId: user.id,
            estimateTitle: current.title,
            how: action === 'unpost' ? 'unposted' : 'closed',
            at: t,
          });
        }
        return changed;
      }
      if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', ESTIMATE_ERRORS.unverified);
      // An estimate counts once per calendar month towards the posted limit: reposting it in the month it
      // was posted is free; posting it again in a later month counts in that month.
      const start = monthStart(t);
      const counts = !current.firstPostedAt || current.firstPostedAt < start;
      const planId = limitedPlan(user, role, t);
      const limit = planId ? customerPlans[planId].postedPerMonth : null;
      if (counts && planId && limit !== null) {
        const used = await countPostedSince(tx, user.id, start);
        if (used >= limit) throw new AppError('FORBIDDEN', LIMIT_MESSAGES.posted(limit, planId));
      }
      const posted = await repo.updateEstimate(tx, id, {
        status: 'posted',
        postedAt: t,
        ...(counts ? { firstPostedAt: t } : {}),
        updatedAt: t,
      });
      // Whoever reacts to a posting (the providers told of a first one) does so in this same transaction.
      if (posted) {
        await events.publish(tx, 'estimatePosted', {
          estimate: {
            id: posted.id,
            ownerId: posted.ownerId,
            title: posted.title,
            category: posted.category,
            taskName: posted.taskName,
            regionLabel: posted.regionLabel,
            minCents: posted.minCents,
            maxCents: posted.maxCents,
            location:
              posted.lat !== null && posted.lng !== null ? { lat: posted.lat, lng: posted.lng } : null,
          },
          first: !current.firstPostedAt,
          at: t,
        });
      }
      return posted;
    });
    if (!row) throw notFound(ESTIMATE_ERRORS.notFound);
    return toEstimate(withOwnerName(row, user), true);
  }

  /**
   * The owner changes the title, the description or both (already trimmed and checked by the schema), in a draft
   * or a posted estimate; a completed or cancelled one is a 409. Anyone else's (or an unknown id) is a 404. An
   * edit of a posted estimate that changes something publishes estimateUpdated in the same transaction, so the
   * bidders are told exactly when the change is stored; the same text again changes nothing and tells nobody.
   */
  async function updateText(user: UserRow, id: string, input: UpdateEstimateInput): Promise<Estimate> {
    if (!isUuid(id)) throw notFound(ESTIMATE_ERRORS.notFound);
    const t = now();
    const row = await events.transaction(async (tx) => {
      const current = await repo.lockEstimate(tx, id, user.id);
      if (!current) throw notFound(ESTIMATE_ERRORS.notFound);
      if (!canEditText(current.status)) throw new AppError('CONFLICT', textEditRefusal(current.status));
      const title = input.title ?? current.title;
      const description = input.description ?? current.description;
      const changed = [
        ...(title !== current.title ? (['title'] as const) : []),
        ...(description !== current.description ? (['description'] as const) : []),
      ];
      if (changed.length > 0) {
        await repo.updateEstimate(tx, id, { title, description, updatedAt: t });
        if (current.status === 'posted') {
          await events.publish(tx, 'estimateUpdated', {
            estimateId: id,
            editorId: user.id,
            title,
            changed,
            at: t,
          });
        }
      }
      return repo.findEstimate(tx, id);
    });
    if (!row) throw notFound(ESTIMATE_ERRORS.notFound);
    return toEstimate(row, true);
  }

  /**
   * Soft-deletes the owner's estimate; anyone else's (or an unknown id) is a 404. What was open on it (site
   * visits) is let go in the same transaction (estimateWithdrawn).
   */
  async function remove(user: UserRow, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound(ESTIMATE_ERRORS.notFound);
    const t = now();
    const deleted = await events.transaction(async (tx) => {
      const row = await repo.softDeleteEstimate(tx, id, user.id, t);
      if (row) {
        await events.publish(tx, 'estimateWithdrawn', {
          estimateId: id,
          ownerId: user.id,
          estimateTitle: row.title,
          how: 'deleted',
          at: t,
        });
      }
      return row;
    });
    if (!deleted) throw notFound(ESTIMATE_ERRORS.notFound);
  }

  /** Where the user stands against the customer plan limits this month. */
  async function usage(user: UserRow, role: Role): Promise<EstimateUsage> {
    const t = now();
    const start = monthStart(t);
    const planId = effectiveCustomerPlan(user, t);
    const plan = customerPlans[planId];
    const unlimited = role !== 'customer';
    const [generated, saved, posted] = await Promise.all([
      repo.countCreatedSince(db, user.id, start),
      repo.countDrafts(db, user.id),
      countPostedSince(db, user.id, start),
    ]);
    return {
      plan: planId,
      generated: { used: generated, limit: unlimited ? null : plan.estimatesPerMonth },
      saved: { used: saved, limit: unlimited ? null : plan.savedEstimates },
      posted: { used: posted, limit: unlimited ? null : plan.postedPerMonth },
      picturesPerEstimate: picturesPerEstimate(user, role, t),
      periodStart: start.toISOString(),
      resetsAt: nextMonthStart(t).toISOString(),
    };
  }

  return {
    create,
    copy,
    get,
    listOwn,
    listPosted,
    changeStatus,
    updateText,
    remove,
    usage,
  };
}

export type EstimatesService = ReturnType<typeof createEstimatesService>;

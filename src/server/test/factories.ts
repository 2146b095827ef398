// Test factories: users of every role and plan, made straight in the database with a cheap password hash, so
// suites that need many accounts (the authorization matrix, the fuzz) stay fast. Every helper takes the
// database and returns the row plus the plain password.
import { hash } from '@node-rs/argon2';
import sharp from 'sharp';
import { trialEndFrom } from '#domain/plans';
import { regions } from '#domain/regions/index';
import type { EstimateStatus } from '#domain/catalog/categories';
import { findCategory, findSubtask, findTask } from '#domain/catalog/home-repair';
import { measurementFields, type GradeLevel } from '#domain/pricing';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { Db, Executor } from '#server/db/client';
import { bids, estimatePictures, estimates, jobs, projects } from '#server/db/schema/index';
import type { JobStatus } from '#domain/job-status';
import { eq } from 'drizzle-orm';
import { createEstimatesService } from '#server/modules/estimates';
import { insertUser, type NewUser, type UserRow } from '#server/modules/users';
import { createEventBus } from '#server/core/events';
import type { AppEvents } from '#server/core/app-events';

export const PASSWORD = 'Secret123';
/** A region that exists, and an id that no region has. */
export const REGION_ID = regions[0]?.id ?? 0;
export const UNKNOWN_REGION_ID = Math.max(0, ...regions.map((r) => r.id)) + 1;

let seq = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${process.pid.toString(36)}${Date.now().toString(36)}-${++seq}@example.com`;

// argon2id with the smallest parameters: a real hash that verifyPassword accepts, at a fraction of the cost of
// production's 19 MiB / 2 passes. One hash per distinct password per process.
const hashes = new Map<string, Promise<string>>();
export function cheapHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hash(password, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    hashes.set(password, h);
  }
  return h;
}

const DAY = 86_400_000;

export type TestUser = UserRow & { password: string };

export type UserTraits = Partial<NewUser> & {
  password?: string;
  /** Email confirmed (default true: most tests act as a normal, verified user). */
  verified?: boolean;
  /** The clock the account is made at (default: now). */
  now?: Date;
};

/** Any user; a verified customer unless told otherwise. */
export async function makeUser(db: Executor, traits: UserTraits = {}): Promise<TestUser> {
  const { password = PASSWORD, verified = true, now = new Date(), ...values } = traits;
  const user = await insertUser(db, {
    email: uniqueEmail(values.role ?? 'customer'),
    firstName: 'Test',
    lastName: 'User',
    role: 'customer',
    createdAt: now,
    emailVerifiedAt: verified ? now : null,
    passwordHash: await cheapHash(password),
    ...values,
  });
  if (!user) throw new Error('user not created (email taken?)');
  return { ...user, password };
}

export const makeCustomer = (db: Executor, traits: UserTraits = {}) =>
  makeUser(db, { firstName: 'Casey', lastName: 'Customer', ...traits, role: 'customer' });

export interface ProviderTraits extends UserTraits {
  /** The provider plan (default starter). */
  plan?: 'free' | 'starter' | 'deluxe' | 'enterprise';
  /** 'paid': a paid period that runs 30 more days (default); 'trial': day one of the 7-day trial;
   *  'expired-trial': a trial that ended yesterday. Ignored for the free plan. */
  billing?: 'paid' | 'trial' | 'expired-trial';
}

/** A provider on a plan, with the sign-up category, one task and a region. */
export function makeProvider(db: Executor, traits: ProviderTraits = {}) {
  const { plan = 'starter', billing = 'paid', ...rest } = traits;
  const now = rest.now ?? new Date();
  const billingColumns: Partial<NewUser> =
    plan === 'free'
      ? {}
      : billing === 'paid'
        ? { hasUsedTrial: true, subscriptionExpiryDate: new Date(now.getTime() + 30 * DAY) }
        : billing === 'trial'
          ? { hasUsedTrial: true, trialEndDate: trialEndFrom(now) }
          : { hasUsedTrial: true, trialEndDate: new Date(now.getTime() - DAY) };
  return makeUser(db, {
    firstName: 'Pat',
    lastName: 'Provider',
    subscriptionPlan: plan,
    selectedCategory: 'home-repair',
    selectedTasks: plan === 'free' ? [] : ['painting'],
    regionId: REGION_ID,
    ...billingColumns,
    ...rest,
    role: 'provider',
  });
}

/** An admin; `expired` makes the admin role one that ended yesterday (the user then acts as a customer). */
export function makeAdmin(db: Executor, traits: UserTraits & { expired?: boolean } = {}) {
  const { expired = false, ...rest } = traits;
  const now = rest.now ?? new Date();
  return makeUser(db, {
    firstName: 'Alex',
    lastName: 'Admin',
    ...(expired ? { adminExpiresAt: new Date(now.getTime() - DAY) } : {}),
    ...rest,
    role: 'admin',
  });
}

export interface EstimateTraits {
  /** A category id of the home-repair catalogue (default kitchen). */
  category?: string;
  /** Task id (default: the category's first task) and subtask ids (default: the task's first subtask). */
  task?: string;
  subtasks?: string[];
  gradeLevel?: GradeLevel;
  /** Region id or "City, ST" label (default: the first region). */
  region?: string | number;
  title?: string;
  description?: string;
  /** A ZIP code the data knows (default none): the estimate's location. */
  zipCode?: string;
  /** Status after saving (default draft); posted sets postedAt. */
  status?: EstimateStatus;
  /** The clock the estimate is saved at (default: now). */
  now?: Date;
}

/** Valid measurements for a subtask: 10 for lengths and areas, 1 for quantities. */
export function sampleMeasurements(subtaskIds: readonly string[]) {
  return Object.fromEntries(
    subtaskIds.map((id) => {
      const s = findSubtask(id);
      const fields = s ? measurementFields(s) : [];
      return [id, Object.fromEntries(fields.map((f) => [f.key, f.key === 'quantity' ? '1' : '10']))];
    }),
  );
}

/**
 * An estimate of `owner`'s, saved through the estimates service (so it is priced as the server prices) without
 * the plan limits, then moved to `status` (hired: posted, then set hired as a hire leaves it, with no job).
 */
export async function makeEstimate(db: Db, owner: UserRow, traits: EstimateTraits = {}): Promise<Estimate> {
  const t = traits.now ?? new Date();
  const category = findCategory(traits.category ?? 'kitchen');
  if (!category) throw new Error(`unknown category ${traits.category}`);
  const task = traits.task ? findTask(category.id, traits.task) : category.tasks[0];
  if (!task) throw new Error(`unknown task ${traits.task}`);
  const subtasks = traits.subtasks ?? task.subtaskIds.slice(0, 1);
  // Made straight, without the app: no one reacts to the posting (no notifications are written).
  const service = createEstimatesService({
    db,
    now: () => t,
    events: createEventBus<AppEvents>({ db, onError: () => {} }),
  });
  let estimate = await service.create(owner, 'admin', {
    category: category.id,
    task: task.id,
    subtasks,
    measurements: sampleMeasurements(subtasks),
    gradeLevel: traits.gradeLevel ?? 'Standard',
    region: traits.region ?? REGION_ID,
    ...(traits.title ? { title: traits.title } : {}),
    ...(traits.description ? { description: traits.description } : {}),
    ...(traits.zipCode ? { zipCode: traits.zipCode } : {}),
  });
  const status = traits.status ?? 'draft';
  if (status !== 'draft') {
    const verified = owner.emailVerifiedAt ? owner : { ...owner, emailVerifiedAt: t };
    if (status !== 'posted') await service.changeStatus(verified, 'admin', estimate.id, 'posted');
    if (status === 'hired') {
      // Only a hire makes an estimate hired (no owner's request does): set as the hire leaves it, without a job.
      await db.update(estimates).set({ status }).where(eq(estimates.id, estimate.id));
      return { ...estimate, status };
    }
    estimate = await service.changeStatus(verified, 'admin', estimate.id, status);
  }
  return estimate;
}

/** A small picture of an estimate, stored as the upload route stores one (WebP), without the plan check. */
export async function makePicture(db: Executor, estimateId: string, ownerId: string) {
  const data = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#369' } })
    .webp()
    .toBuffer();
  const [row] = await db
    .insert(estimatePictures)
    .values({
      estimateId,
      ownerId,
      contentType: 'image/webp',
      width: 16,
      height: 12,
      byteSize: data.length,
      data,
    })
    .returning({ id: estimatePictures.id });
  if (!row) throw new Error('picture not inserted');
  return { id: row.id, url: `/api/estimates/${estimateId}/pictures/${row.id}` };
}

/** A live public project of `ownerId`'s (/browse, /projects), straight in the database. */
export async function makeProject(
  db: Executor,
  ownerId: string,
  traits: Partial<Omit<typeof projects.$inferInsert, 'ownerId'>> = {},
) {
  const [row] = await db
    .insert(projects)
    .values({ title: 'Kitchen cabinet refacing', category: 'kitchen', city: 'Austin', ...traits, ownerId })
    .returning();
  if (!row) throw new Error('project not inserted');
  return row;
}

export interface JobTraits {
  status?: JobStatus;
  /** The agreed price in cents (default $1,000). */
  agreedCents?: number;
  /** When a completed job completed (default: now). */
  completedAt?: Date;
  /** When a cancelled job was cancelled (default: now). */
  cancelledAt?: Date;
}

/**
 * A job between the estimate's owner and `providerId`, straight in the database as a hire leaves it (without the
 * jobs routes): the provider's bid accepted, the estimate `hired` (or completed / cancelled with the job), and
 * the job in `status`.
 */
export async function makeJob(
  db: Executor,
  estimate: Pick<Estimate, 'id' | 'customerId'>,
  providerId: string,
  traits: JobTraits = {},
) {
  const status = traits.status ?? 'hired';
  const now = new Date();
  const [bid] = await db
    .insert(bids)
    .values({ estimateId: estimate.id, providerId, status: 'accepted', decidedAt: now })
    .returning({ id: bids.id });
  if (!bid) throw new Error('bid not inserted');
  const estimateStatus = status === 'completed' || status === 'cancelled' ? status : 'hired';
  await db.update(estimates).set({ status: estimateStatus }).where(eq(estimates.id, estimate.id));
  const agreedCents = traits.agreedCents ?? 100_000;
  const [job] = await db
    .insert(jobs)
    .values({
      estimateId: estimate.id,
      bidId: bid.id,
      customerId: estimate.customerId,
      providerId,
      status,
      agreedCents,
      totalCents: agreedCents,
      ...(status === 'completed' ? { completedAt: traits.completedAt ?? now } : {}),
      ...(status === 'cancelled'
        ? {
            cancelledAt: traits.cancelledAt ?? now,
            cancelledBy: estimate.customerId,
            cancelReason: 'Plans changed.',
          }
        : {}),
    })
    .returning();
  if (!job) throw new Error('job not inserted');
  return job;
}

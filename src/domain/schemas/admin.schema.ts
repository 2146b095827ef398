// Admin forms and filters: the Edit User dialog, the Users tab filters and their predicate.
import { z } from 'zod';
import { roles, type Role } from '../permissions.ts';
import { providerPlanIds } from '../plans.ts';
import { toDate, zonedDayEnd, zonedDayStart, type DateInput } from '../dates.ts';
import { idSchema, requiredText, ymdSchema } from './common.ts';

export const NO_USERS_SELECTED = 'No users selected';
export const ADMIN_USERS_PAGE_SIZE = 10;

/** Edit User dialog; the subscription field only for a provider. */
export const editUserSchema = z
  .object({
    firstName: requiredText('First name is required', 100),
    lastName: requiredText('Last name is required', 100),
    email: z.string().trim().min(1, 'Email is required').pipe(z.string().email('Invalid email address')),
    role: z.enum(roles),
    subscriptionPlan: z.enum(providerPlanIds).optional(),
  })
  .refine((v) => v.role === 'provider' || v.subscriptionPlan === undefined, {
    path: ['subscriptionPlan'],
    message: 'Only providers have a subscription plan',
  });
export type EditUserInput = z.infer<typeof editUserSchema>;

/** PUT /api/admin/users/{userId}/role body. */
export const changeRoleSchema = z.object({ role: z.enum(roles) });

export const deletionModes = ['soft', 'hard'] as const;
export type DeletionMode = (typeof deletionModes)[number];

/** Cleanup and bulk delete selection: at least one user; soft by default (recommended). */
export const cleanupSelectionSchema = z.object({
  userIds: z.array(idSchema).min(1, NO_USERS_SELECTED).max(500),
  mode: z.enum(deletionModes).default('soft'),
});
export type CleanupSelection = z.infer<typeof cleanupSelectionSchema>;

/** GET /api/admin/users/preview?ids=a,b,c */
export const deletionPreviewQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).min(1, NO_USERS_SELECTED).max(500)),
});

const optionalDate = ymdSchema.optional().or(z.literal('').transform(() => undefined));

/** The Users tab filters. Dates are calendar days from date inputs. */
export const adminUserFiltersSchema = z.object({
  search: z.string().trim().max(200).default(''),
  role: z.enum(['all', ...roles]).default('all'),
  subscription: z.enum(['all', ...providerPlanIds]).default('all'),
  createdAfter: optionalDate,
  createdBefore: optionalDate,
  lastActiveAfter: optionalDate,
  lastActiveBefore: optionalDate,
  page: z.coerce.number().int().min(1).default(1),
});
export type AdminUserFilters = z.infer<typeof adminUserFiltersSchema>;

export interface FilterableUser {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  role: Role;
  subscriptionPlan?: string | null;
  createdAt: DateInput;
  lastActiveAt?: DateInput;
}

function within(
  value: Date | null,
  after: string | undefined,
  before: string | undefined,
  tz: string,
): boolean {
  if (after !== undefined && (value === null || value < zonedDayStart(after, tz))) return false;
  if (before !== undefined && value !== null && value >= zonedDayEnd(before, tz)) return false;
  return true;
}

/**
 * The Users tab predicate: search over name and email (case-insensitive), role,
 * subscription (providers only; others show N/A), date ranges inclusive of whole days in `timeZone`
 * ("before" runs to the end of that day); a user with no lastActiveAt fails a last-active-after filter.
 */
export function matchesUserFilters(
  user: FilterableUser,
  filters: Partial<AdminUserFilters>,
  timeZone = 'UTC',
): boolean {
  const search = (filters.search ?? '').trim().toLowerCase();
  if (search) {
    const haystack = [`${user.firstName ?? ''} ${user.lastName ?? ''}`, user.email].join(' ').toLowerCase();
    if (!haystack.includes(search)) return false;
  }
  if (filters.role && filters.role !== 'all' && user.role !== filters.role) return false;
  if (filters.subscription && filters.subscription !== 'all') {
    if (user.role !== 'provider' || (user.subscriptionPlan ?? 'free') !== filters.subscription) return false;
  }
  const created = toDate(user.createdAt);
  if (!within(created, filters.createdAfter, filters.createdBefore, timeZone)) return false;
  return within(toDate(user.lastActiveAt), filters.lastActiveAfter, filters.lastActiveBefore, timeZone);
}

/** Filters, sorts newest created first, and pages (page size 10) the admin users list. */
export function filterAdminUsers<U extends FilterableUser>(
  users: readonly U[],
  filters: Partial<AdminUserFilters>,
  timeZone = 'UTC',
): { items: U[]; total: number; page: number; pageCount: number } {
  const matched = users
    .filter((u) => matchesUserFilters(u, filters, timeZone))
    .sort((a, b) => (toDate(b.createdAt)?.getTime() ?? 0) - (toDate(a.createdAt)?.getTime() ?? 0));
  const pageCount = Math.max(1, Math.ceil(matched.length / ADMIN_USERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
  const start = (page - 1) * ADMIN_USERS_PAGE_SIZE;
  return {
    items: matched.slice(start, start + ADMIN_USERS_PAGE_SIZE),
    total: matched.length,
    page,
    pageCount,
  };
}

/** Email domains used only for tests and examples (RFC 2606 and common throwaway inboxes). */
export const TEST_EMAIL_DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'test.com',
  'mailinator.com',
] as const;
/** Reserved top-level domains that never receive mail (RFC 2606, RFC 6761). */
export const TEST_DOMAIN_SUFFIXES = ['.test', '.example', '.invalid', '.localhost'] as const;
/** Words that mark a test account as a name, as the start of the email's local part, or as its +tag. */
export const TEST_WORDS = ['test', 'tester', 'testing', 'demo', 'dummy', 'fake', 'e2e', 'qa'] as const;

const testWords = TEST_WORDS.join('|');
const TEST_LOCAL_START = new RegExp(`^(${testWords})([._+-]|[0-9]|$)`);
const TEST_LOCAL_TAG = new RegExp(`\\+(${testWords})`);

/**
 * The clean-up tool's rule for an account that looks like test data: a test or reserved email domain, an email
 * whose local part starts with a test word ("test", "test.anna", "qa7", "e2e-") or carries one as a +tag, or a
 * first or last name that is a test word. Admins are never candidates (the server leaves them out).
 */
export function looksLikeTestUser(user: {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}) {
  const email = user.email.toLowerCase();
  const at = email.indexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at + 1).split('@')[0]!;
  const isWord = (v: string | null | undefined) =>
    (TEST_WORDS as readonly string[]).includes((v ?? '').trim().toLowerCase());
  return (
    (TEST_EMAIL_DOMAINS as readonly string[]).includes(domain) ||
    TEST_DOMAIN_SUFFIXES.some((s) => domain.endsWith(s)) ||
    TEST_LOCAL_START.test(local) ||
    TEST_LOCAL_TAG.test(local) ||
    isWord(user.firstName) ||
    isWord(user.lastName)
  );
}

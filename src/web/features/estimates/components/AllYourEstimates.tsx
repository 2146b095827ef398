// The way to every estimate of the user's, whatever its status: the "See all your estimates" link to My Estimates
// (/estimates, every status with a status filter), what a posted estimate says about where it went, and where the
// estimate page's back link leads for each reader (named as the page it opens is named in the navigation;
// decision 0037).
import { Link } from 'wouter';
import type { Role } from '#domain/permissions';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import type { Estimate } from '../api/types.ts';

export const SEE_ALL_ESTIMATES = 'See all your estimates';
export const POSTED_WHERE = 'Posted: providers can see it.';

const linkClass =
  'rounded font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:focus-visible:ring-blue-400';

/** My Estimates, optionally opened on one status (`/estimates?status=posted`). */
export function myEstimatesHref(status?: Estimate['status']): string {
  return status ? `${paths.estimates}?status=${status}` : paths.estimates;
}

export function SeeAllEstimatesLink({ className }: { className?: string }) {
  return (
    <Link href={paths.estimates} className={cn(linkClass, className)}>
      {SEE_ALL_ESTIMATES}
    </Link>
  );
}

/** Where a posted estimate went: providers see it; the owner finds it among all their estimates. */
export function PostedNotice({ title, className }: { title?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
        className,
      )}
    >
      {title && <p className="mb-1 font-semibold">{title}</p>}
      <p>
        {POSTED_WHERE} <SeeAllEstimatesLink className="text-green-900 underline dark:text-green-100" />
      </p>
    </div>
  );
}

/**
 * The estimate page's back link: the owner goes back to Saved Estimates while it is a draft (the navigation's
 * name for the drafts) and to My Estimates otherwise; a provider to Available Tasks (their navigation's list of
 * posted work); anyone else to Posted Estimates.
 */
export function backLinkFor(
  estimate: Pick<Estimate, 'status'>,
  owner: boolean,
  role: Role | undefined,
): { href: string; label: string } {
  if (owner) {
    return estimate.status === 'draft'
      ? { href: paths.savedEstimates, label: 'Saved Estimates' }
      : { href: paths.estimates, label: 'My Estimates' };
  }
  if (role === 'provider') return { href: paths.tasks, label: 'Available Tasks' };
  return { href: paths.postedEstimates, label: 'Posted Estimates' };
}

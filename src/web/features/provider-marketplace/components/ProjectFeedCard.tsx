// A live public project in a provider's task feed (/tasks, /posted-tasks): marked "Project", linking to its page,
// with its budget range, city and offers, and the project's own offer flow (a message with an optional amount)
// instead of the estimates' Send Bid. The feed lists only projects the provider's plan opens; an admin reads them
// without the action (offers are the providers').
import { DistanceTag } from '#web/features/service-areas/index.ts';
import { categoryLabel } from '#domain/catalog/categories';
import { formatMoney } from '#domain/money';
import type { ProjectFeedItem } from '#domain/schemas/task-feed.schema';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { Link } from 'wouter';

const whole = (n: number) => formatMoney(n).replace(/\.00$/, '');

/** "$5,000 – $9,000", "Up to $9,000", "From $5,000" or "Budget open", as the project pages write it. */
export function projectBudget(min: number | null, max: number | null): string {
  if (min != null && max != null) return min === max ? whole(min) : `${whole(min)} – ${whole(max)}`;
  if (max != null) return `Up to ${whole(max)}`;
  if (min != null) return `From ${whole(min)}`;
  return 'Budget open';
}

const offers = (n: number) => (n === 0 ? 'No offers yet' : n === 1 ? '1 offer' : `${n} offers`);

/** The "Project" marker: a project, not an estimate (its own offer flow, no bid). */
export function ProjectMarker() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold normal-case tracking-normal text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      Project
    </span>
  );
}

export function ProjectFeedCard({
  project: p,
  onOffer,
}: {
  project: ProjectFeedItem;
  onOffer: (p: ProjectFeedItem) => void;
}) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        <ProjectMarker />
        <span>
          {categoryLabel(p.category)} · {new Date(p.datePosted).toLocaleDateString('en-US')}
        </span>
      </p>
      <Link
        href={paths.project(p.id)}
        className="mt-1 font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
      >
        {p.title}
      </Link>
      {p.description && (
        <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{p.description}</p>
      )}
      <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
        {p.minBudget == null && p.maxBudget == null
          ? 'Budget open'
          : `Budget ${projectBudget(p.minBudget, p.maxBudget)}`}{' '}
        · {p.city} · {offers(p.bidCount)}
      </p>
      <DistanceTag miles={p.distanceMiles} />
      <div className="mt-3 flex-1" />
      {p.providerAccess?.allowed && (
        <div>
          <Button size="sm" aria-label={`Send an offer on ${p.title}`} onClick={() => onOffer(p)}>
            Send offer
          </Button>
        </div>
      )}
    </li>
  );
}

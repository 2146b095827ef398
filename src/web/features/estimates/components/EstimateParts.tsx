// Pieces the estimate lists and the detail page share: the status badge, the card, the list of cards with its
// pager, the delete confirmation and the load error text (the list states themselves are the app's,
// #web/components/list).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { categoryLabel, type EstimateStatus } from '#domain/catalog/categories';
import { formatWholeDollars } from '#domain/format';
import { ListState, type ListQuery } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import type { Estimate, EstimatePage } from '../api/types.ts';

export const LOAD_ERROR = 'Error loading estimates. Please try again.';

const badgeTone: Record<EstimateStatus, string> = {
  posted: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  hired: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200',
  draft: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  completed: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  cancelled: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        badgeTone[status as EstimateStatus] ?? badgeTone.draft,
      )}
    >
      {categoryLabel(status)}
    </span>
  );
}

export function BidsBadge({ estimate }: { estimate: Pick<Estimate, 'status' | 'bidCount'> }) {
  if (estimate.status !== 'posted' || !estimate.bidCount) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-950 dark:text-violet-200">
      {estimate.bidCount} {estimate.bidCount === 1 ? 'Bid' : 'Bids'}
    </span>
  );
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function location(e: Pick<Estimate, 'region' | 'city' | 'state'>): string {
  if (e.region) return e.region;
  return [e.city, e.state].filter(Boolean).join(', ');
}

export function CreateEstimateButton({ label = 'Create New Estimate' }: { label?: string }) {
  return (
    <Button asChild>
      <Link href={paths.createEstimate}>{label}</Link>
    </Button>
  );
}

/** The estimate lists' pager: "Showing 1 to 10 of 25" and "Page 1 of 3" ("of 1000+" once the count is capped). */
function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** More than `total` match (the posted lists stop counting at a cap): "of 1000+", and Next stays open. */
  capped?: boolean;
  onPage: (page: number) => void;
  label: string;
}) {
  if (total === 0) return null;
  const { pageCount, from, to } = pageRange(page, pageSize, total, capped);
  const more = capped ? '+' : '';
  return (
    <Pager
      label={`${label} pages`}
      page={page}
      pageCount={pageCount}
      capped={capped}
      onPage={onPage}
      position={`Page ${page} of ${pageCount}${more}`}
    >
      {`Showing ${from} to ${to} of ${total}${more}`}
    </Pager>
  );
}

/** A list card's Delete: asks first (ConfirmDeleteDialog). */
export function DeleteEstimateButton({
  estimate,
  onAsk,
}: {
  estimate: Estimate;
  onAsk: (e: Estimate) => void;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Delete ${estimate.title}`}
      onClick={() => onAsk(estimate)}
    >
      Delete
    </Button>
  );
}

export function ConfirmDeleteDialog({
  estimate,
  onCancel,
  onConfirm,
  pending,
  title = 'Delete Estimate',
}: {
  estimate: Pick<Estimate, 'title'> | null;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
  title?: string;
}) {
  return (
    <Dialog open={estimate !== null} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent
        title={title}
        description={
          estimate ? `"${estimate.title}" will be deleted for good. This cannot be undone.` : undefined
        }
      >
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** One estimate as a card: title link, badges, price and range, category, task, location, date, actions. */
function EstimateCard({
  estimate,
  actions,
  showOwner = false,
}: {
  estimate: Estimate;
  actions?: ReactNode;
  /** Posted lists name who posted it ("Ann C."). */
  showOwner?: boolean;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
            <Link
              href={paths.estimate(estimate.id)}
              className="rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              {estimate.title}
            </Link>
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <StatusBadge status={estimate.status} />
            <BidsBadge estimate={estimate} />
            {showOwner && estimate.customerName && (
              <span className="text-sm text-slate-700 dark:text-slate-300">
                Posted by {estimate.customerName}
              </span>
            )}
          </div>
        </div>
        <div className="text-right">
          <p className="text-xl font-bold text-slate-900 dark:text-white">
            {formatWholeDollars(estimate.finalEstimate)}
          </p>
          <p className="text-xs text-slate-700 dark:text-slate-300">
            {formatWholeDollars(estimate.minBudget)} to {formatWholeDollars(estimate.maxBudget)}
          </p>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Category</dt>
          <dd className="text-slate-900 dark:text-slate-100">{categoryLabel(estimate.category)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Task</dt>
          <dd className="text-slate-900 dark:text-slate-100">{estimate.task}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Location</dt>
          <dd className="text-slate-900 dark:text-slate-100">{location(estimate) || 'Not given'}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">
            {estimate.status === 'posted' && estimate.datePosted ? 'Posted' : 'Created'}
          </dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {formatDate(
              estimate.status === 'posted' ? (estimate.datePosted ?? estimate.createdAt) : estimate.createdAt,
            )}
          </dd>
        </div>
      </dl>
      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
    </li>
  );
}

/**
 * A page of estimates as cards with the pager under them, in the list states: loading, the load error with Try
 * again, or `empty` when the page holds none. `label` names the list and its pager; `actions` draws a card's
 * buttons.
 */
export function EstimateCardList({
  query,
  label,
  empty,
  actions,
  showOwner,
  onPage,
}: {
  query: ListQuery<EstimatePage>;
  label: string;
  empty: ReactNode;
  actions?: (estimate: Estimate) => ReactNode;
  showOwner?: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <ListState query={query} error={LOAD_ERROR} isEmpty={(data) => data.items.length === 0} empty={empty}>
      {(data) => (
        <>
          <ul className="space-y-4" aria-label={label}>
            {data.items.map((e) => (
              <EstimateCard key={e.id} estimate={e} showOwner={showOwner} actions={actions?.(e)} />
            ))}
          </ul>
          <Pagination
            label={label}
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            capped={data.totalCapped}
            onPage={onPage}
          />
        </>
      )}
    </ListState>
  );
}

export function PageHeader({ title, intro, action }: { title: string; intro?: string; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {intro && <p className="mt-1 text-slate-700 dark:text-slate-300">{intro}</p>}
      </div>
      {action}
    </div>
  );
}

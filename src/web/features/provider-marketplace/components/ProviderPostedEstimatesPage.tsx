// /provider/posted-estimates: the posted estimates as a table (Category,
// Task, Subtask & Measurement, Grade, Price, Date Posted, Contact; cards on a phone), filtered by category on
// the server. Under each task, the customer with their record (decision 0044). The Contact column follows the provider's access that the server computed per item: Send Bid,
// then Message (the message dialog opens after the bid), or a disabled "Upgrade Required" / "No Access" with
// the reason under it and in a tooltip. Signed-in non-providers are told the page is for service providers,
// anonymous visitors to log in.
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { accessCategoryIds, categoryLabel } from '#domain/catalog/categories';
import { formatWholeDollars } from '#domain/format';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { EmptyState, ListState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingText, Spinner } from '#web/components/ui/spinner.tsx';
import { roleAllowed } from '#domain/permissions';
import { useAuth } from '#web/features/auth/index.ts';
import { LazyMessageDialog } from '#web/features/estimates/index.ts';
import { CustomerFactsLine } from '#web/features/reviews/index.ts';
import { paths } from '#web/lib/paths.ts';
import { distanceLabel } from '#domain/geo';
import { AreaControls, useAreaFilter } from '#web/features/service-areas/index.ts';
import { usePostedWork } from '../api/posted.ts';
import { useMyBids } from '../api/quotes.ts';
import { BidContact } from './BidContact.tsx';

/** Totals in a list are whole dollars. */
const money = formatWholeDollars;
const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '';

function subtaskText(e: Estimate): string {
  const first = e.subtasks[0] ?? e.task;
  const m = e.measurements[e.subtaskIds[0] ?? ''] as Record<string, unknown> | undefined;
  const measure = m
    ? Object.entries(m)
        .filter(([, v]) => v !== '' && v !== null && v !== undefined)
        .map(([k, v]) => `${String(v)} ${k.replace(/([A-Z])/g, ' $1').toLowerCase()}`)
        .join(', ')
    : '';
  const more = e.subtasks.length > 1 ? ` (+${e.subtasks.length - 1} more)` : '';
  return measure ? `${first}: ${measure}${more}` : `${first}${more}`;
}

/** Providers see the list; anyone else "This page is only available to service providers." and a way on. */
export function ProviderPostedEstimatesPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingText />;
  if (user && roleAllowed(user.role, ['provider'])) return <PostedEstimatesForProviders />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Posted Estimates</h1>
      <div
        role="status"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900"
      >
        {user ? (
          <>
            <p className="text-slate-800 dark:text-slate-200">
              This page is only available to service providers.
            </p>
            <Button asChild variant="outline" className="mt-4">
              <Link href={paths.postedEstimates}>See all posted estimates</Link>
            </Button>
          </>
        ) : (
          <>
            <p className="text-slate-800 dark:text-slate-200">Please log in to view posted estimates.</p>
            <Button asChild className="mt-4">
              <Link href={`${paths.login}?next=${encodeURIComponent(paths.providerPostedEstimates)}`}>
                Log In
              </Link>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

function PostedEstimatesForProviders() {
  const params = useListParams({ category: 'all' });
  const { page } = params;
  // Near the service area (decision 0048): within it unless turned off; the page waits for the area.
  const { area, near, controls: areaControls } = useAreaFilter(() => params.setPage(1));
  const list = usePostedWork({
    page,
    category: params.filters.category,
    area: near,
    enabled: !area.isPending,
  });
  const measured = near.near !== undefined;
  const mine = useMyBids();
  const [messaging, setMessaging] = useState<Estimate | null>(null);
  const contact = (e: Estimate) => (
    <BidContact
      estimate={e}
      bid={mine.bidFor(e.id)}
      quote={mine.quoteFor(mine.bidFor(e.id)?.bidId ?? '')}
      onMessage={setMessaging}
    />
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Posted Estimates</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Priced jobs customers have posted. Send a bid, then message the customer.
      </p>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          Category
          <select
            className="h-11 rounded-md border border-slate-300 bg-white px-3 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            value={params.filters.category}
            onChange={(ev) => params.setFilter('category', ev.target.value)}
          >
            <option value="all">All categories</option>
            {accessCategoryIds.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <AreaControls {...areaControls} />
      </div>
      <div className="mt-6" aria-busy={list.isFetching || undefined}>
        <ListState
          query={list}
          loading={<Spinner label="Loading posted estimates" />}
          error="Error loading estimates. Please try again."
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState text="No posted estimates found matching your criteria." />}
        >
          {({ items, total, totalCapped, pageSize }) => (
            <>
              <PostedTable items={items} contact={contact} measured={measured} />
              <PostedCards items={items} contact={contact} measured={measured} />
              <Pager
                label="Pages"
                page={page}
                pageCount={pageRange(page, pageSize, total).pageCount}
                capped={totalCapped}
                onPage={params.setPage}
              >
                Page {page} · {totalCapped ? `${total}+` : total} posted
              </Pager>
            </>
          )}
        </ListState>
      </div>
      {messaging && (
        <Suspense fallback={null}>
          <LazyMessageDialog estimate={messaging} onClose={() => setMessaging(null)} />
        </Suspense>
      )}
    </div>
  );
}

interface PostedRowsProps {
  items: readonly Estimate[];
  contact: (e: Estimate) => ReactNode;
  /** The list was asked near the service area: each row says how far, or "Distance unknown". */
  measured: boolean;
}

const distanceText = (e: Estimate) =>
  typeof e.distanceMiles === 'number' ? distanceLabel(e.distanceMiles) : 'Distance unknown';

const columns = ['Category', 'Task', 'Subtask & Measurement', 'Grade', 'Price', 'Date Posted', 'Contact'];

/** Who posted it, with their record (jobs completed, hires, late cancellations, rating from providers). */
function Customer({ estimate: e }: { estimate: Estimate }) {
  if (!e.customerFacts) return null;
  return (
    <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
      {e.customerName} · <CustomerFactsLine facts={e.customerFacts} />
    </p>
  );
}

/** The list as a table from tablet width up. */
function PostedTable({ items, contact, measured }: PostedRowsProps) {
  const heads = measured ? [...columns.slice(0, -1), 'Distance', 'Contact'] : columns;
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 md:block dark:border-slate-800">
      <table className="w-full border-collapse bg-white text-left text-sm dark:bg-slate-900">
        <caption className="sr-only">Posted estimates</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-900 dark:divide-slate-800 dark:text-slate-100">
          {items.map((e) => (
            <tr key={e.id}>
              <td className="px-3 py-3">{categoryLabel(e.category)}</td>
              <td className="px-3 py-3">
                <Link
                  href={paths.estimate(e.id)}
                  className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                >
                  {e.task}
                </Link>
                <Customer estimate={e} />
              </td>
              <td className="px-3 py-3">{subtaskText(e)}</td>
              <td className="px-3 py-3">{e.gradeLevel}</td>
              <td className="px-3 py-3 whitespace-nowrap">{money(e.finalEstimate)}</td>
              <td className="px-3 py-3 whitespace-nowrap">{dateText(e.datePosted)}</td>
              {measured && <td className="px-3 py-3 whitespace-nowrap">{distanceText(e)}</td>}
              <td className="px-3 py-3">{contact(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The list as cards on a phone. */
function PostedCards({ items, contact, measured }: PostedRowsProps) {
  return (
    <ul aria-label="Posted estimates" className="space-y-3 md:hidden">
      {items.map((e) => (
        <li
          key={e.id}
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            {categoryLabel(e.category)} · {dateText(e.datePosted)}
          </p>
          <Link
            href={paths.estimate(e.id)}
            className="mt-1 block font-semibold text-blue-700 dark:text-blue-300"
          >
            {e.task}
          </Link>
          <Customer estimate={e} />
          <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">{subtaskText(e)}</p>
          <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
            {e.gradeLevel} · <span className="font-semibold">{money(e.finalEstimate)}</span>
          </p>
          {measured && <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">{distanceText(e)}</p>}
          <div className="mt-3">{contact(e)}</div>
        </li>
      ))}
    </ul>
  );
}

// /tasks (Available Tasks) and /posted-tasks (Posted Tasks): the posted work a provider
// can bid on, searched, filtered and sorted on the server. /tasks: a search box, the 8-category filter and the
// sort (newest, budget high to low, low to high); /posted-tasks: a search over title and description and
// category tabs. An estimate's card names its customer with their record (jobs completed, hires, late
// cancellations, rating from providers; decision 0044). Each card carries the provider's Contact (Send Bid,
// Message, or why not). Live public projects the plan opens are in the same list, marked "Project", with the
// project's offer flow instead of a bid.
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import { categoryLabel, taskCategoryIds } from '#domain/catalog/categories';
import { countOf } from '#domain/count-words';
import { formatWholeDollars } from '#domain/format';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { ProjectFeedItem } from '#domain/schemas/task-feed.schema';
import { EmptyState, ListState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { SearchBox } from '#web/components/list/SearchBox.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { LazyMessageDialog } from '#web/features/estimates/index.ts';
import { LazyProjectOfferDialog } from '#web/features/projects/index.ts';
import { CustomerFactsLine } from '#web/features/reviews/index.ts';
import { cn } from '#web/lib/cn.ts';
import { AreaControls, ByDistance, DistanceTag, useAreaFilter } from '#web/features/service-areas/index.ts';
import { paths } from '#web/lib/paths.ts';
import { POSTED_WORK_KEY, useTasks, type TaskListParams } from '../api/posted.ts';
import { useMyBids } from '../api/quotes.ts';
import { BidContact } from './BidContact.tsx';
import { ProjectFeedCard } from './ProjectFeedCard.tsx';

/** Budgets in a list are whole dollars. */
const money = formatWholeDollars;
const TEXT = {
  tasks: {
    title: 'Available Tasks',
    intro: 'Posted jobs you can bid on. Search, filter by category and sort by budget.',
    noMatch: 'No tasks match your filters.',
    none: 'No available tasks at the moment.',
    source: '/api/tasks',
  },
  posted: {
    title: 'Posted Tasks',
    intro: 'Every posted job, searched over title and description.',
    noMatch: 'No tasks match your current filters',
    none: 'No tasks available at the moment',
    source: '/api/tasks/posted',
  },
} as const;

export const AvailableTasksPage = () => <TasksPage mode="tasks" />;
export const PostedTasksPage = () => <TasksPage mode="posted" />;

function TasksPage({ mode }: { mode: 'tasks' | 'posted' }) {
  const text = TEXT[mode];
  const params = useListParams<{ category: string; sort: TaskListParams['sort'] }>({
    category: 'all',
    sort: 'newest',
  });
  const { category, sort } = params.filters;
  const { page } = params;
  // Near the service area (decision 0048): within it unless turned off; the page waits for the area.
  const { area, near, controls: areaControls } = useAreaFilter(() => params.setPage(1));
  const list = useTasks({
    source: text.source,
    page,
    search: params.query,
    category,
    sort,
    area: near,
    enabled: !area.isPending,
  });
  const mine = useMyBids();
  const [messaging, setMessaging] = useState<Estimate | null>(null);
  const [offering, setOffering] = useState<ProjectFeedItem | null>(null);
  const client = useQueryClient();
  // The order is no filter: a sorted list with nothing in it is still empty.
  const filtered = params.search.trim() !== '' || category !== 'all' || near.radius !== undefined;

  const select =
    'h-11 rounded-md border border-slate-300 bg-white px-3 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{text.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{text.intro}</p>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <SearchBox
          id="task-search"
          label={mode === 'tasks' ? 'Search tasks' : 'Search title and description'}
          className="min-w-60 flex-1"
          value={params.search}
          onChange={params.setSearch}
        />
        {mode === 'tasks' && (
          <>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
              Category
              <select
                className={select}
                value={category}
                onChange={(ev) => params.setFilter('category', ev.target.value)}
              >
                <option value="all">All categories</option>
                {taskCategoryIds.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(c)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
              Sort
              <select
                className={select}
                value={sort}
                disabled={near.nearest}
                onChange={(ev) => params.setFilter('sort', ev.target.value as TaskListParams['sort'])}
              >
                <option value="newest">Newest</option>
                <option value="budget-high-low">Budget: high to low</option>
                <option value="budget-low-high">Budget: low to high</option>
              </select>
            </label>
          </>
        )}
      </div>
      <div className="mt-4">
        <AreaControls {...areaControls} />
      </div>
      {mode === 'posted' && (
        <div role="group" aria-label="Categories" className="mt-4 flex flex-wrap gap-2">
          {(['all', ...taskCategoryIds] as const).map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={category === c}
              onClick={() => params.setFilter('category', c)}
              className={cn(
                'min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                category === c
                  ? 'border-blue-700 bg-blue-700 text-white'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              {c === 'all' ? 'All' : categoryLabel(c)}
            </button>
          ))}
        </div>
      )}
      <div className="mt-6" aria-busy={list.isFetching || undefined}>
        <ListState
          query={list}
          loading={<Spinner label="Loading tasks" />}
          error="Failed to load tasks."
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState text={filtered ? text.noMatch : text.none} />}
        >
          {({ items, total, totalCapped, pageSize }) => (
            <>
              <ByDistance
                items={items}
                measured={near.near !== undefined}
                label="Tasks"
                className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
              >
                {(e) => {
                  if (e.kind === 'project') {
                    return <ProjectFeedCard key={e.id} project={e} onOffer={setOffering} />;
                  }
                  return (
                    <li
                      key={e.id}
                      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                    >
                      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                        {categoryLabel(e.category)}
                        {e.datePosted && ` · ${new Date(e.datePosted).toLocaleDateString('en-US')}`}
                      </p>
                      <Link
                        href={paths.estimate(e.id)}
                        className="mt-1 font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                      >
                        {e.title}
                      </Link>
                      {e.description && (
                        <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
                          {e.description}
                        </p>
                      )}
                      <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
                        Budget {money(e.minBudget)} – {money(e.maxBudget)} · {e.region}
                      </p>
                      <DistanceTag miles={e.distanceMiles} />
                      {e.customerFacts && (
                        <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
                          {e.customerName} · <CustomerFactsLine facts={e.customerFacts} />
                        </p>
                      )}
                      <div className="mt-3 flex-1" />
                      <BidContact
                        estimate={e}
                        bid={mine.bidFor(e.id)}
                        quote={mine.quoteFor(mine.bidFor(e.id)?.bidId ?? '')}
                        onMessage={setMessaging}
                      />
                    </li>
                  );
                }}
              </ByDistance>
              <Pager
                label="Pages"
                page={page}
                pageCount={pageRange(page, pageSize, total).pageCount}
                capped={totalCapped}
                onPage={params.setPage}
              >
                Page {page} · {totalCapped ? `${total}+ tasks` : countOf(total, 'task')}
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
      {offering && (
        <Suspense fallback={null}>
          <LazyProjectOfferDialog
            project={offering}
            onClose={() => setOffering(null)}
            onSent={() => void client.invalidateQueries({ queryKey: POSTED_WORK_KEY })}
          />
        </Suspense>
      )}
    </div>
  );
}

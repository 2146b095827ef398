// /posted-estimates and /posted-projects: every posted estimate, searched by title and
// filtered by category and task on the server; the owner may unpost or delete their own (confirmed), others
// get the message dialog. It is the providers' list of work to bid on: a customer reads in one sentence what it is
// for them, with the way to their own estimates.
import { useMemo, useState } from 'react';
import { categoryLabel, taskCategoryIds } from '#domain/catalog/categories';
import { findCategory } from '#domain/catalog/home-repair';
import { EmptyState } from '#web/components/list/ListState.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { useEstimates } from '../api/get-estimates.ts';
import { DEFAULT_PAGE_SIZE, type Estimate } from '../api/types.ts';
import { SeeAllEstimatesLink } from './AllYourEstimates.tsx';
import { ConfirmDeleteDialog, DeleteEstimateButton, EstimateCardList, PageHeader } from './EstimateParts.tsx';
import { ListFilters } from './ListFilters.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { useEstimateActions } from './useEstimateActions.tsx';

const categories: readonly string[] = taskCategoryIds;

function taskNames(category: string): string[] {
  if (category !== 'all') return (findCategory(category)?.tasks ?? []).map((t) => t.name);
  const all = categories.flatMap((c) => taskNames(c));
  return [...new Set(all)].sort((a, b) => a.localeCompare(b));
}

function PostedList({ title }: { title: string }) {
  const { user } = useAuth();
  const params = useListParams({ category: 'all', task: 'all' });
  const { category, task } = params.filters;
  const [messaging, setMessaging] = useState<Estimate | null>(null);
  const list = useEstimates('/api/posted-estimates', {
    page: params.page,
    pageSize: DEFAULT_PAGE_SIZE,
    search: params.query,
    category,
    task,
  });
  const actions = useEstimateActions({
    deleteSource: '/api/posted-estimates',
    deletedMessage: 'Posted estimate deleted successfully',
  });
  const tasks = useMemo(() => taskNames(category), [category]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={title} intro="Jobs customers have posted for providers to bid on." />
      {user?.role === 'customer' && (
        <p className="-mt-4 mb-6 text-sm text-slate-700 dark:text-slate-300">
          Providers browse this list to find work; your own estimates, whatever their status, are in My
          Estimates. <SeeAllEstimatesLink />
        </p>
      )}
      <FilterControls
        search={params.search}
        onSearch={params.setSearch}
        category={category}
        onCategory={(v) => params.setFilters({ category: v, task: 'all' })}
        task={task}
        tasks={tasks}
        onTask={(v) => params.setFilter('task', v)}
      />
      <EstimateCardList
        query={list}
        label="Posted estimates"
        empty={<EmptyState text="No posted estimates found matching your criteria." />}
        showOwner
        actions={(e) =>
          user?.id === e.customerId ? (
            <>
              <Button
                size="sm"
                variant="outline"
                disabled={actions.unpostingId === e.id}
                aria-label={`Unpost ${e.title}`}
                onClick={() => actions.change(e.id, 'unpost')}
              >
                Unpost
              </Button>
              <DeleteEstimateButton estimate={e} onAsk={actions.askDelete} />
            </>
          ) : (
            <Button size="sm" aria-label={`Message about ${e.title}`} onClick={() => setMessaging(e)}>
              Message
            </Button>
          )
        }
        onPage={params.setPage}
      />
      <ConfirmDeleteDialog
        estimate={actions.toDelete}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
        pending={actions.deleting}
      />
      <MessageDialog estimate={messaging} onClose={() => setMessaging(null)} />
    </div>
  );
}

export function PostedEstimatesPage() {
  return <PostedList title="Posted Estimates" />;
}

export function PostedProjectsPage() {
  return <PostedList title="Posted Projects" />;
}

function FilterControls(p: {
  search: string;
  onSearch: (v: string) => void;
  category: string;
  onCategory: (v: string) => void;
  task: string;
  tasks: string[];
  onTask: (v: string) => void;
}) {
  return (
    <ListFilters
      search={p.search}
      onSearch={p.onSearch}
      searchLabel="Search posted estimates"
      filters={[
        {
          id: 'category-filter',
          label: 'Category',
          value: p.category,
          options: [
            { value: 'all', label: 'All categories' },
            ...categories.map((c) => ({ value: c, label: categoryLabel(c) })),
          ],
          onChange: p.onCategory,
        },
        {
          id: 'task-filter',
          label: 'Task',
          value: p.task,
          options: [{ value: 'all', label: 'All tasks' }, ...p.tasks.map((t) => ({ value: t, label: t }))],
          onChange: p.onTask,
        },
      ]}
    />
  );
}

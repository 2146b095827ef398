// /estimates and /my-estimates (My Estimates, one screen at both addresses): every estimate of the user's, whatever
// its status, searched by title and filtered by status and category on the server, a page at a time, each with
// delete (confirmed). `?status=posted` opens it on one status (the dashboard's Posted Estimates card).
import { useSearch } from 'wouter';
import { categoryLabel, estimateFilterCategoryIds, estimateStatuses } from '#domain/catalog/categories';
import { EmptyState } from '#web/components/list/ListState.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { useEstimates } from '../api/get-estimates.ts';
import { DEFAULT_PAGE_SIZE } from '../api/types.ts';
import {
  ConfirmDeleteDialog,
  DeleteEstimateButton,
  CreateEstimateButton,
  EstimateCardList,
  PageHeader,
} from './EstimateParts.tsx';
import { ListFilters } from './ListFilters.tsx';
import { useEstimateActions } from './useEstimateActions.tsx';

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...estimateStatuses.map((s) => ({ value: s, label: categoryLabel(s) })),
];
const categoryOptions = [
  { value: 'all', label: 'All categories' },
  ...estimateFilterCategoryIds.map((c) => ({ value: c, label: categoryLabel(c) })),
];

/** The status named in the address (`?status=posted`), or all of them. */
function statusFromSearch(search: string): string {
  const status = new URLSearchParams(search).get('status');
  return estimateStatuses.find((s) => s === status) ?? 'all';
}

export function EstimatesListPage() {
  const search = useSearch();
  const params = useListParams({ status: statusFromSearch(search), category: 'all' });
  const actions = useEstimateActions();
  const list = useEstimates('/api/estimates', {
    page: params.page,
    pageSize: DEFAULT_PAGE_SIZE,
    search: params.query,
    ...params.filters,
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        title="My Estimates"
        intro="Every estimate you have built: drafts, posted, hired, completed and cancelled."
        action={<CreateEstimateButton />}
      />
      <ListFilters
        search={params.search}
        onSearch={params.setSearch}
        searchLabel="Search estimates"
        filters={[
          {
            id: 'status-filter',
            label: 'Status',
            value: params.filters.status,
            options: statusOptions,
            onChange: (v) => params.setFilter('status', v),
          },
          {
            id: 'category-filter',
            label: 'Category',
            value: params.filters.category,
            options: categoryOptions,
            onChange: (v) => params.setFilter('category', v),
          },
        ]}
      />
      <EstimateCardList
        query={list}
        label="Estimates"
        empty={
          params.filtered ? (
            <EmptyState text="No estimates match your filters." />
          ) : (
            <EmptyState text="No estimates yet. Create your first estimate!">
              <CreateEstimateButton />
            </EmptyState>
          )
        }
        actions={(e) => <DeleteEstimateButton estimate={e} onAsk={actions.askDelete} />}
        onPage={params.setPage}
      />
      <ConfirmDeleteDialog
        estimate={actions.toDelete}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
        pending={actions.deleting}
      />
    </div>
  );
}

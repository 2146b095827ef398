// /estimates (My Estimates): the user's own estimates, searched by title and filtered by
// status and category on the server, a page at a time.
import { categoryLabel, estimateFilterCategoryIds, estimateStatuses } from '#domain/catalog/categories';
import { EmptyState } from '#web/components/list/ListState.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { useEstimates } from '../api/get-estimates.ts';
import { DEFAULT_PAGE_SIZE } from '../api/types.ts';
import { CreateEstimateButton, EstimateCardList, PageHeader } from './EstimateParts.tsx';
import { ListFilters } from './ListFilters.tsx';

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...estimateStatuses.map((s) => ({ value: s, label: categoryLabel(s) })),
];
const categoryOptions = [
  { value: 'all', label: 'All categories' },
  ...estimateFilterCategoryIds.map((c) => ({ value: c, label: categoryLabel(c) })),
];

export function EstimatesListPage() {
  const params = useListParams({ status: 'all', category: 'all' });
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
        intro="Every estimate you have built: drafts, posted, completed and cancelled."
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
        onPage={params.setPage}
      />
    </div>
  );
}

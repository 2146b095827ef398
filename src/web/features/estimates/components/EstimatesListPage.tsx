// /estimates (My Estimates, spec part 2 section 2): the user's own estimates, searched by title and filtered by
// status and category on the server, a page at a time.
import { useState } from 'react';
import { categoryLabel, estimateFilterCategoryIds, estimateStatuses } from '#domain/catalog/categories';
import { useEstimates } from '../api/get-estimates.ts';
import { DEFAULT_PAGE_SIZE } from '../api/types.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import {
  CreateEstimateButton,
  EmptyState,
  EstimateCard,
  ErrorState,
  LoadingState,
  PageHeader,
  Pagination,
} from './EstimateParts.tsx';
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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [category, setCategory] = useState('all');
  const [page, setPage] = useState(1);
  const q = useDebounced(search);
  const params = { page, pageSize: DEFAULT_PAGE_SIZE, search: q, status, category };
  const { data, isLoading, isError, refetch } = useEstimates('/api/estimates', params);
  const filtered = q.trim() !== '' || status !== 'all' || category !== 'all';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        title="My Estimates"
        intro="Every estimate you have built: drafts, posted, completed and cancelled."
        action={<CreateEstimateButton />}
      />
      <ListFilters
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        searchLabel="Search estimates"
        filters={[
          {
            id: 'status-filter',
            label: 'Status',
            value: status,
            options: statusOptions,
            onChange: (v) => {
              setStatus(v);
              setPage(1);
            },
          },
          {
            id: 'category-filter',
            label: 'Category',
            value: category,
            options: categoryOptions,
            onChange: (v) => {
              setCategory(v);
              setPage(1);
            },
          },
        ]}
      />
      {isLoading ? (
        <LoadingState />
      ) : isError || !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        filtered ? (
          <EmptyState text="No estimates match your filters." />
        ) : (
          <EmptyState
            text="No estimates yet. Create your first estimate!"
            action={<CreateEstimateButton />}
          />
        )
      ) : (
        <>
          <ul className="space-y-4" aria-label="Estimates">
            {data.items.map((e) => (
              <EstimateCard key={e.id} estimate={e} />
            ))}
          </ul>
          <Pagination
            label="Estimates"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

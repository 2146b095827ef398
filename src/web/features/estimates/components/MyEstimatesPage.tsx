// /my-estimates: the personal estimate list with delete (GET/DELETE /api/my-estimates).
import { useState } from 'react';
import { EmptyState, ListState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useEstimates } from '../api/get-estimates.ts';
import { DEFAULT_PAGE_SIZE } from '../api/types.ts';
import {
  ConfirmDeleteDialog,
  CreateEstimateButton,
  EstimateCard,
  LOAD_ERROR,
  PageHeader,
  Pagination,
} from './EstimateParts.tsx';
import { useEstimateActions } from './useEstimateActions.tsx';

export function MyEstimatesPage() {
  const [page, setPage] = useState(1);
  const list = useEstimates('/api/my-estimates', {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const actions = useEstimateActions({ deleteSource: '/api/my-estimates' });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title="My Estimates" action={<CreateEstimateButton />} />
      <ListState
        query={list}
        error={LOAD_ERROR}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState text="No estimates yet. Create your first estimate!">
            <CreateEstimateButton />
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ul className="space-y-4" aria-label="My estimates">
              {data.items.map((e) => (
                <EstimateCard
                  key={e.id}
                  estimate={e}
                  actions={
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Delete ${e.title}`}
                      onClick={() => actions.askDelete(e)}
                    >
                      Delete
                    </Button>
                  }
                />
              ))}
            </ul>
            <Pagination
              label="My estimates"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={setPage}
            />
          </>
        )}
      </ListState>
      <ConfirmDeleteDialog
        estimate={actions.toDelete}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
        pending={actions.deleting}
      />
    </div>
  );
}

// /my-estimates: the personal estimate list with delete (GET/DELETE /api/my-estimates).
import { useState } from 'react';
import { EmptyState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useEstimates } from '../api/get-estimates.ts';
import { DEFAULT_PAGE_SIZE } from '../api/types.ts';
import { ConfirmDeleteDialog, CreateEstimateButton, EstimateCardList, PageHeader } from './EstimateParts.tsx';
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
      <EstimateCardList
        query={list}
        label="My estimates"
        empty={
          <EmptyState text="No estimates yet. Create your first estimate!">
            <CreateEstimateButton />
          </EmptyState>
        }
        actions={(e) => (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Delete ${e.title}`}
            onClick={() => actions.askDelete(e)}
          >
            Delete
          </Button>
        )}
        onPage={setPage}
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

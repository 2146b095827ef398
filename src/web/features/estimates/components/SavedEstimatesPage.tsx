// /saved-estimates: the draft estimates, each with Post and delete (confirmed). A posted one leaves the list, so the
// page says where it went; every estimate, whatever its status, is one link away (My Estimates).
import { useState } from 'react';
import { EmptyState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useEstimates } from '../api/get-estimates.ts';
import { DEFAULT_PAGE_SIZE } from '../api/types.ts';
import {
  ConfirmDeleteDialog,
  DeleteEstimateButton,
  CreateEstimateButton,
  EstimateCardList,
  PageHeader,
} from './EstimateParts.tsx';
import { PostedNotice, SeeAllEstimatesLink } from './AllYourEstimates.tsx';
import { LimitAlert, PlanUsageBanners } from './LimitAlert.tsx';
import { useEstimateActions } from './useEstimateActions.tsx';

export function SavedEstimatesPage() {
  const [page, setPage] = useState(1);
  const list = useEstimates('/api/estimates', {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    status: 'draft',
  });
  const actions = useEstimateActions();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        title="Saved Estimates"
        intro="Drafts only you can see. Post one when you are ready for providers to bid."
        action={<CreateEstimateButton />}
      />
      <p className="-mt-4 mb-6 text-sm text-slate-700 dark:text-slate-300">
        Posted, completed and cancelled estimates leave this list. <SeeAllEstimatesLink />
      </p>
      {actions.posted && <PostedNotice className="mb-6" title={actions.posted.title} />}
      {actions.limitMessage && <LimitAlert className="mb-6" level="reached" message={actions.limitMessage} />}
      <PlanUsageBanners which={['saved', 'posted']} className="mb-3" />
      <EstimateCardList
        query={list}
        label="Saved estimates"
        empty={
          <EmptyState text="No saved estimates available.">
            <CreateEstimateButton />
          </EmptyState>
        }
        actions={(e) => (
          <>
            <Button
              size="sm"
              disabled={actions.postingId === e.id}
              aria-label={`Post ${e.title}`}
              onClick={() => actions.post(e.id)}
            >
              {actions.postingId === e.id ? 'Posting…' : 'Post'}
            </Button>
            <DeleteEstimateButton estimate={e} onAsk={actions.askDelete} />
          </>
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

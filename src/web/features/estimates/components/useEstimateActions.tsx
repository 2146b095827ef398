// Post, unpost, status changes and delete, each with its success or failure toast, and the plan-limit alert
// on a refusal.
import { useState } from 'react';
import { estimateTransitions, type EstimateAction } from '#domain/estimate-status';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { useDeleteEstimate, type DeleteSource } from '../api/delete-estimate.ts';
import { usePostEstimate } from '../api/post-estimate.ts';
import type { Estimate } from '../api/types.ts';
import { useUpdateEstimateStatus } from '../api/update-estimate-status.ts';
import { isLimitError } from './LimitAlert.tsx';

/** The server's reason for a refusal (4xx), else the caller's generic text. */
export function refusal(err: unknown, fallback: string): string {
  const e = parseApiError(err);
  return e.status !== null && e.status < 500 && e.message ? e.message : fallback;
}

/** The owner's status changes sent as PUT …/status (Post has its own call, accepting a bid its own screen). */
type StatusAction = Exclude<EstimateAction, 'post' | 'acceptBid'>;

const statusToast: Record<string, { title: string; description?: string }> = {
  draft: { title: 'Estimate unposted', description: 'It is back among your saved estimates.' },
  completed: { title: 'Estimate marked as completed' },
  cancelled: { title: 'Estimate cancelled', description: 'It no longer shows to providers.' },
  posted: { title: 'Estimate posted' },
};

export function useEstimateActions({
  deleteSource = '/api/estimates',
  deletedMessage = 'Estimate deleted successfully!',
  onDeleted,
}: { deleteSource?: DeleteSource; deletedMessage?: string; onDeleted?: () => void } = {}) {
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Estimate | null>(null);
  /** The estimate this screen last posted: the screen says where it went. */
  const [posted, setPosted] = useState<Estimate | null>(null);

  const post = usePostEstimate({
    onSuccess: (e) => {
      setLimitMessage(null);
      setPosted(e);
      toast({
        title: 'Estimate posted',
        description: 'Providers can now see it and send you bids.',
        variant: 'success',
      });
    },
    onError: (err) => {
      if (isLimitError(err)) {
        setLimitMessage(parseApiError(err).message ?? 'You have reached your plan limit.');
        return;
      }
      toast({
        title: 'Error',
        description: refusal(err, 'Failed to post estimate. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const status = useUpdateEstimateStatus({
    onSuccess: (e) => toast(statusToast[e.status] ?? { title: 'Status updated' }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: refusal(err, 'An error occurred while updating status'),
        variant: 'destructive',
      }),
  });

  const remove = useDeleteEstimate({
    onSuccess: () => {
      setToDelete(null);
      toast({ title: deletedMessage, variant: 'success' });
      onDeleted?.();
    },
    onError: (err) => {
      setToDelete(null);
      toast({
        title: 'Error',
        description: refusal(err, 'Failed to delete estimate. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  /** Unpost, Mark as completed, Cancel estimate, Reopen as draft: asks for the status the action leads to. */
  const change = (id: string, action: StatusAction) =>
    status.mutate({ id, status: estimateTransitions[action].to });

  return {
    limitMessage,
    posted,
    post: (id: string) => post.mutate(id),
    postingId: post.isPending ? post.variables : undefined,
    change,
    unpostingId: status.isPending ? status.variables?.id : undefined,
    toDelete,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete: () => toDelete && remove.mutate({ id: toDelete.id, source: deleteSource }),
    deleting: remove.isPending,
  };
}

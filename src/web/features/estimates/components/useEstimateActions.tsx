// Post, unpost and delete with the spec's toasts (part 2 section 8) and the plan-limit alert on a refusal.
import { useState } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { useDeleteEstimate, type DeleteSource } from '../api/delete-estimate.ts';
import { usePostEstimate } from '../api/post-estimate.ts';
import type { Estimate } from '../api/types.ts';
import { useUpdateEstimateStatus } from '../api/update-estimate-status.ts';
import { isLimitError } from './LimitAlert.tsx';

export function useEstimateActions({
  deleteSource = '/api/estimates',
  deletedMessage = 'Estimate deleted successfully!',
  onDeleted,
}: { deleteSource?: DeleteSource; deletedMessage?: string; onDeleted?: () => void } = {}) {
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Estimate | null>(null);

  const post = usePostEstimate({
    onSuccess: () => {
      setLimitMessage(null);
      toast({
        title: 'Estimate posted',
        description: 'Providers can now see it and send you bids.',
        variant: 'success',
      });
    },
    onError: (err) => {
      if (isLimitError(err))
        setLimitMessage(parseApiError(err).message ?? 'You have reached your plan limit.');
      else
        toast({
          title: 'Error',
          description: 'Failed to post estimate. Please try again.',
          variant: 'destructive',
        });
    },
  });

  const unpost = useUpdateEstimateStatus({
    onSuccess: () =>
      toast({ title: 'Estimate unposted', description: 'It is back among your saved estimates.' }),
    onError: () =>
      toast({
        title: 'Error',
        description: 'An error occurred while updating status',
        variant: 'destructive',
      }),
  });

  const remove = useDeleteEstimate({
    onSuccess: () => {
      setToDelete(null);
      toast({ title: deletedMessage, variant: 'success' });
      onDeleted?.();
    },
    onError: () => {
      setToDelete(null);
      toast({
        title: 'Error',
        description: 'Failed to delete estimate. Please try again.',
        variant: 'destructive',
      });
    },
  });

  return {
    limitMessage,
    post: (id: string) => post.mutate(id),
    postingId: post.isPending ? post.variables : undefined,
    unpost: (id: string) => unpost.mutate({ id, status: 'draft' }),
    setStatus: (id: string, status: 'completed' | 'cancelled' | 'draft') => unpost.mutate({ id, status }),
    unpostingId: unpost.isPending ? unpost.variables?.id : undefined,
    toDelete,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete: () => toDelete && remove.mutate({ id: toDelete.id, source: deleteSource }),
    deleting: remove.isPending,
  };
}

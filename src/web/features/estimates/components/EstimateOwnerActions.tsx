// The owner's actions on the estimate page: one primary action for the status the estimate is in, and the rest
// (the other changes the domain's status table allows, Message Providers, Delete) in a "More actions" menu.
//   draft: Post, after a preview of what providers will see;
//   posted: Compare bids (moves to the bids) once it has bids, else Message Providers;
//   hired: Go to the job;
//   completed or cancelled: Post a copy (a new draft with the same work, opened at once).
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { allowedActions, type EstimateAction } from '#domain/estimate-status';
import { formatWholeDollars } from '#domain/format';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useEstimateJob } from '#web/features/jobs/index.ts';
import { paths } from '#web/lib/paths.ts';
import { useCopyEstimate } from '../api/copy-estimate.ts';
import type { Estimate } from '../api/types.ts';
import { location } from './EstimateParts.tsx';
import { BIDS_HEADING_ID } from './bid-format.ts';
import { refusal, type useEstimateActions } from './useEstimateActions.tsx';

type Actions = ReturnType<typeof useEstimateActions>;

/** The menu's status changes, in the table's order, with the words each reads as. */
const menuChanges: { action: Exclude<EstimateAction, 'post' | 'acceptBid'>; label: string }[] = [
  { action: 'unpost', label: 'Unpost' },
  { action: 'complete', label: 'Mark as completed' },
  { action: 'cancel', label: 'Cancel estimate' },
  { action: 'reopen', label: 'Reopen as draft' },
];

/** Moves to the bids section and puts the focus on its heading. */
function compareBids() {
  const heading = document.getElementById(BIDS_HEADING_ID);
  heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading?.focus({ preventScroll: true });
}

export function EstimateOwnerActions({ estimate: e, actions }: { estimate: Estimate; actions: Actions }) {
  const [, navigate] = useLocation();
  const [confirmPost, setConfirmPost] = useState(false);
  const allowed = allowedActions(e.status);
  const job = useEstimateJob(e.id, e.status === 'hired');
  const copy = useCopyEstimate({
    onSuccess: (draft) => {
      toast({ title: 'Copy saved as a draft', description: 'Check it, then post it.', variant: 'success' });
      navigate(paths.estimate(draft.id));
    },
    onError: (err) =>
      toast({
        title: 'Error',
        description: refusal(err, 'Failed to copy the estimate. Please try again.'),
        variant: 'destructive',
      }),
  });

  const posting = actions.postingId === e.id;
  const hasBids = e.bidCount > 0;
  let primary;
  if (e.status === 'draft') {
    primary = (
      <Button disabled={posting} onClick={() => setConfirmPost(true)}>
        {posting ? 'Posting…' : 'Post'}
      </Button>
    );
  } else if (e.status === 'posted') {
    primary = hasBids ? (
      <Button onClick={compareBids}>Compare bids</Button>
    ) : (
      <Button asChild>
        <Link href={paths.messages}>Message Providers</Link>
      </Button>
    );
  } else if (e.status === 'hired') {
    primary = job.isPending ? (
      <Button disabled>Go to the job</Button>
    ) : (
      <Button asChild>
        <Link href={job.data ? paths.job(job.data.id) : paths.jobs}>Go to the job</Link>
      </Button>
    );
  } else {
    primary = (
      <Button disabled={copy.isPending} onClick={() => copy.mutate(e.id)}>
        {copy.isPending ? 'Copying…' : 'Post a copy'}
      </Button>
    );
  }

  const changes = menuChanges.filter((c) => allowed.includes(c.action));
  const messageInMenu = (e.status === 'posted' && hasBids) || e.status === 'hired';
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2">
      {primary}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">More actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {messageInMenu && (
            <DropdownMenuItem asChild>
              <Link href={paths.messages}>Message Providers</Link>
            </DropdownMenuItem>
          )}
          {changes.map((c) => (
            <DropdownMenuItem
              key={c.action}
              disabled={c.action === 'unpost' && actions.unpostingId === e.id}
              onSelect={() => actions.change(e.id, c.action)}
            >
              {c.label}
            </DropdownMenuItem>
          ))}
          {(messageInMenu || changes.length > 0) && <DropdownMenuSeparator />}
          <DropdownMenuItem className="text-red-700 dark:text-red-300" onSelect={() => actions.askDelete(e)}>
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <PostPreviewDialog
        estimate={e}
        open={confirmPost}
        onCancel={() => setConfirmPost(false)}
        onConfirm={() => {
          setConfirmPost(false);
          actions.post(e.id);
        }}
      />
    </div>
  );
}

/** Posting asks first, showing what providers will read: never the street address. */
function PostPreviewDialog({
  estimate: e,
  open,
  onCancel,
  onConfirm,
}: {
  estimate: Estimate;
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent
        title="Post this estimate?"
        description="Providers who work in this category will see it and can bid. This is what they read:"
      >
        <section
          aria-label="What providers will see"
          className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-950"
        >
          <p className="text-base font-semibold text-slate-900 dark:text-white">{e.title}</p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-slate-600 dark:text-slate-400">Task</dt>
            <dd className="text-slate-900 dark:text-slate-100">{e.task}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Where</dt>
            <dd className="text-slate-900 dark:text-slate-100">{location(e) || 'Not given'}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Range</dt>
            <dd className="text-slate-900 dark:text-slate-100">
              {formatWholeDollars(e.minBudget)} to {formatWholeDollars(e.maxBudget)}
            </dd>
          </dl>
          {e.description && (
            <p className="mt-2 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
              {e.description}
            </p>
          )}
        </section>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Your street address and phone stay private until you hire.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={onConfirm}>Post estimate</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

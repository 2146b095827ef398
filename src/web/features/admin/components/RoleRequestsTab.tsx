// The Role Requests tab: pending requests, approve or deny each with an
// optional comment; the list refreshes after.
import { useMemo, useState } from 'react';
import type { AdminRoleRequest } from '#domain/schemas/account.schema';
import { formatAdminDate } from '#domain/format';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePendingRoleRequests } from '../api/get-role-requests.ts';
import { adminTimeZone } from '../api/keys.ts';
import { useReviewRoleRequest } from '../api/review-role-request.ts';
import { fullName, roleLabels } from './parts.tsx';

export function RoleRequestsTab() {
  const requests = usePendingRoleRequests();
  return (
    <section aria-labelledby="role-requests-heading">
      <h2 id="role-requests-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Role Requests
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Approving changes the user’s role at once; both outcomes are recorded in the audit log.
      </p>
      <div className="mt-4">
        <ListState
          query={requests}
          loading={<LoadingState text="Loading role requests..." />}
          error="Failed to fetch pending role requests"
          isEmpty={(data) => data.length === 0}
          empty={<EmptyState text="No pending role requests." />}
        >
          {(data) => (
            <ul className="space-y-4" aria-label="Pending role requests">
              {data.map((r) => (
                <RequestCard key={r.id} request={r} />
              ))}
            </ul>
          )}
        </ListState>
      </div>
    </section>
  );
}

function RequestCard({ request: r }: { request: AdminRoleRequest }) {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const [comment, setComment] = useState('');
  const review = useReviewRoleRequest({
    onSuccess: (updated) =>
      toast({
        title: 'Role Request Updated',
        description: `${fullName(updated.user)}’s request was ${updated.status}.`,
        variant: 'success',
      }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to update role request'),
        variant: 'destructive',
      }),
  });
  const name = fullName(r.user);
  const commentId = `comment-${r.id}`;
  const send = (status: 'approved' | 'denied') =>
    review.mutate({ id: r.id, status, adminComment: comment.trim() || null });
  return (
    <li
      aria-label={`${name} requests ${roleLabels[r.requestedRole]}`}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">{name}</p>
          <p className="break-all text-sm text-slate-700 dark:text-slate-300">{r.user.email}</p>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Requested {formatAdminDate(r.requestedAt, timeZone)}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-900 dark:text-slate-100">
        <span className="font-medium">{roleLabels[r.user.role]}</span> →{' '}
        <span className="font-medium">{roleLabels[r.requestedRole]}</span>
      </p>
      <blockquote className="mt-2 whitespace-pre-wrap border-l-4 border-slate-200 pl-3 text-sm text-slate-800 dark:border-slate-700 dark:text-slate-200">
        {r.reason}
      </blockquote>
      <div className="mt-3 space-y-1.5">
        <Label htmlFor={commentId}>Comment (optional)</Label>
        <Textarea
          id={commentId}
          className="min-h-16"
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={review.isPending}
          onClick={() => send('approved')}
          aria-label={`Approve ${name}’s request`}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={review.isPending}
          onClick={() => send('denied')}
          aria-label={`Deny ${name}’s request`}
        >
          Deny
        </Button>
      </div>
    </li>
  );
}

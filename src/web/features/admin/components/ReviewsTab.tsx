// The Reviews tab (decision 0044): the reported reviews by default (or the hidden, the removed, every published
// one), 20 a page. Each shows who reviewed whom, the stars, the text as written (even when hidden), its moderation
// state and reason, the job's facts (category, city, month, what was estimated, agreed and paid) and the reports.
// Hide (one of the four hide reasons: the text is replaced, the rating still counts), Remove (fake or a conflict
// of interest: out of the reputation too) and Restore each ask first; the list refreshes and a toast says what
// happened. No plan or payment enters here: moderation is only about what the review says and who wrote it.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { categoryLabel } from '#domain/catalog/categories';
import { countOf } from '#domain/count-words';
import { formatAdminDate } from '#domain/format';
import {
  hiddenReviewText,
  reviewHideReasons,
  reviewReasonWords,
  reviewRemoveReasons,
  subRatingLabels,
  type ReviewReportReason,
} from '#domain/reviews';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { cn } from '#web/lib/cn.ts';
import { useAdminReviews, type AdminReview, type AdminReviewStatus } from '../api/get-reviews.ts';
import { adminTimeZone } from '../api/keys.ts';
import { useModerateReview, type ReviewModeration } from '../api/moderate-review.ts';
import { StatusFilter } from './parts.tsx';

const HEADING_ID = 'reviews-heading';

const statusLabels: Record<AdminReviewStatus, string> = {
  reported: 'Reported',
  hidden: 'Hidden',
  removed: 'Removed',
  all: 'All published',
};
const emptyTexts: Record<AdminReviewStatus, string> = {
  reported: 'No reported reviews',
  hidden: 'No hidden reviews',
  removed: 'No removed reviews',
  all: 'No published reviews yet',
};

/** A reason in words, starting with a capital: "Harassment", "It was found fake". */
const reasonText = (r: ReviewReportReason) =>
  reviewReasonWords[r].charAt(0).toUpperCase() + reviewReasonWords[r].slice(1);

/** "2026-10" as "October 2026". */
const monthText = (ym: string) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function ReviewsTab() {
  const params = useListParams<{ status: AdminReviewStatus }>({ status: 'reported' });
  const { status } = params.filters;
  const reviews = useAdminReviews({ status, page: params.page });
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby={HEADING_ID}>
      <h2
        id={HEADING_ID}
        ref={heading}
        tabIndex={-1}
        className="rounded text-xl font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white"
      >
        Reviews
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Hiding a review replaces its text with the reason; its rating still counts. Only a review found fake
        or a conflict of interest is removed from the reputation. Both can be undone, and each is in the audit
        log.
      </p>
      <StatusFilter
        id="reviews-status"
        search="Filter the reviews"
        label="Show"
        labels={statusLabels}
        value={status}
        onChange={(s: AdminReviewStatus) => params.setFilter('status', s)}
      />
      <div className="mt-4" aria-busy={reviews.isFetching || undefined}>
        <ListState
          query={reviews}
          loading={<LoadingState text="Loading reviews..." />}
          error="Failed to load the reviews."
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState text={emptyTexts[status]} />}
        >
          {(data) => {
            const { pageCount, from, to } = pageRange(data.page, data.pageSize || 20, data.total);
            return (
              <>
                <ul className="space-y-4" aria-label={`${statusLabels[status]} reviews`}>
                  {data.items.map((r) => (
                    <ReviewCard key={r.id} review={r} onDone={() => heading.current?.focus()} />
                  ))}
                </ul>
                <Pager page={data.page} pageCount={pageCount} onPage={params.setPage} label="Review pages">
                  {`Showing ${from} to ${to} of ${countOf(data.total, 'review')}`}
                </Pager>
              </>
            );
          }}
        </ListState>
      </div>
    </section>
  );
}

function ReviewCard({ review: r, onDone }: { review: AdminReview; onDone: () => void }) {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const title = `${r.authorName} about ${r.subjectName}`;
  const side = r.authorSide === 'customer' ? 'Customer about their pro' : 'Pro about their customer';
  const reported = r.reports.find((x) => !x.resolved)?.reason;
  // The server refuses an admin's moderation of a review they wrote or one about them: another admin decides.
  const { user } = useAuth();
  const own = user !== null && (r.authorId === user.id || r.subjectId === user.id);
  return (
    <li
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 dark:text-white">
            {r.authorName} <span aria-hidden="true">→ </span>
            <span className="sr-only">about </span>
            {r.subjectName}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">{side}</p>
        </div>
        <ModerationBadge review={r} timeZone={timeZone} />
      </div>
      <p className="mt-2 text-slate-900 dark:text-slate-100">
        <span role="img" aria-label={`${r.rating} out of 5 stars`}>
          <span className="text-amber-700 dark:text-amber-300">{'★'.repeat(r.rating)}</span>
          <span className="text-slate-400 dark:text-slate-600">{'★'.repeat(5 - r.rating)}</span> {r.rating}/5
        </span>
      </p>
      {Object.keys(r.subRatings).length > 0 && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {Object.entries(r.subRatings)
            .map(([k, v]) => `${subRatingLabels[k as keyof typeof subRatingLabels] ?? k} ${v}/5`)
            .join(' · ')}
        </p>
      )}
      <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        Text as written
      </p>
      <blockquote className="mt-1 whitespace-pre-wrap break-words border-l-4 border-slate-200 pl-3 text-sm text-slate-800 dark:border-slate-700 dark:text-slate-200">
        {r.text}
      </blockquote>
      <p className="mt-3 text-sm text-slate-800 dark:text-slate-200">
        <span className="font-medium">Job:</span> {categoryLabel(r.category)}
        {r.city && ` · ${r.city}`} · completed {monthText(r.completedMonth)} · {r.priceFacts.sentence}
      </p>
      {r.reports.length > 0 && (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">
            Reports ({r.openReports} open)
          </h4>
          <ul className="mt-1 space-y-2 text-sm">
            {r.reports.map((x) => (
              <li key={x.id} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
                <p className="font-medium text-slate-900 dark:text-white">
                  {reasonText(x.reason)}
                  {x.resolved && (
                    <span className="ml-2 font-normal text-slate-700 dark:text-slate-300">(resolved)</span>
                  )}
                </p>
                {x.note && (
                  <p className="whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">
                    “{x.note}”
                  </p>
                )}
                <p className="text-slate-700 dark:text-slate-300">
                  By {x.reporterName} on {formatAdminDate(x.createdAt, timeZone)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {own ? (
        <p className="mt-4 text-sm font-medium text-slate-800 dark:text-slate-200">
          You wrote this review or it is about you: another admin decides on it.
        </p>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          {r.moderation === 'visible' && (
            <ModerateDialog
              review={r}
              title={title}
              action="hide"
              reasons={reviewHideReasons}
              initial={reviewHideReasons.find((x) => x === reported)}
              onDone={onDone}
            />
          )}
          {r.moderation !== 'removed' && (
            <ModerateDialog
              review={r}
              title={title}
              action="remove"
              reasons={reviewRemoveReasons}
              initial={reviewRemoveReasons.find((x) => x === reported)}
              onDone={onDone}
            />
          )}
          {r.moderation !== 'visible' && (
            <ModerateDialog review={r} title={title} action="restore" reasons={[]} onDone={onDone} />
          )}
        </div>
      )}
    </li>
  );
}

function ModerationBadge({ review: r, timeZone }: { review: AdminReview; timeZone: string }) {
  const classes: Record<AdminReview['moderation'], string> = {
    visible: 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
    hidden: 'bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
    removed: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  };
  const words = { visible: 'Visible', hidden: 'Text hidden', removed: 'Removed' }[r.moderation];
  return (
    <div className="text-left text-sm sm:text-right">
      <span className={cn('inline-block rounded-full px-3 py-1 font-medium', classes[r.moderation])}>
        {words}
        {r.moderationReason && r.moderation !== 'visible' && `: ${reviewReasonWords[r.moderationReason]}`}
      </span>
      {r.moderatedAt && r.moderation !== 'visible' && (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Since {formatAdminDate(r.moderatedAt, timeZone)}
        </p>
      )}
    </div>
  );
}

type Action = ReviewModeration['action'];

const actionWords: Record<Action, { button: string; done: string; confirm: string }> = {
  hide: { button: 'Hide', done: 'Review hidden', confirm: 'Hide review' },
  remove: { button: 'Remove', done: 'Review removed', confirm: 'Remove review' },
  restore: { button: 'Restore', done: 'Review restored', confirm: 'Restore review' },
};

function consequence(action: Action, r: AdminReview): ReactNode {
  if (action === 'hide')
    return 'Its text will be replaced by “Removed by a moderator” and the reason you choose. Its rating still counts in the reputation.';
  if (action === 'remove')
    return `It will no longer count in ${r.subjectName}’s reputation, and its text will not show.`;
  return r.moderation === 'removed'
    ? `It will count in ${r.subjectName}’s reputation again, with its text as written.`
    : 'Its text will show again as written.';
}

function doneText(action: Action, reason: ReviewReportReason | undefined, r: AdminReview): string {
  if (action === 'hide' && reason) return `The text now reads “${hiddenReviewText(reason)}”.`;
  if (action === 'remove') return `It no longer counts in ${r.subjectName}’s reputation.`;
  return 'It shows again as written.';
}

/** The action's button and its confirmation, with the reason to choose when the action takes one. */
function ModerateDialog<R extends ReviewReportReason>({
  review: r,
  title,
  action,
  reasons,
  initial,
  onDone,
}: {
  review: AdminReview;
  title: string;
  action: Action;
  reasons: readonly R[];
  initial?: R | undefined;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<R | undefined>(initial ?? reasons[0]);
  const moderate = useModerateReview();
  // Once done, focus goes to the tab's heading instead of back to this button, which may have left the list.
  const done = useRef(false);
  const words = actionWords[action];
  const name = `review-${action}-${r.id}`;
  const send = () => {
    const m = (
      action === 'restore' ? { id: r.id, action } : { id: r.id, action, reason }
    ) as ReviewModeration;
    moderate.mutate(m, {
      onSuccess: () => {
        done.current = true;
        setOpen(false);
        toast({ title: words.done, description: doneText(action, reason, r), variant: 'success' });
        onDone();
      },
      onError: (err) =>
        toast({
          title: 'Review not changed',
          description: errorMessage(err, 'The review could not be changed. Try again.'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant={action === 'remove' ? 'destructive' : 'outline'}
          aria-label={`${words.button} the review by ${title}`}
        >
          {words.button}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${words.confirm} by ${title}?`}
        description={consequence(action, r)}
        onCloseAutoFocus={(e) => {
          if (!done.current) return;
          done.current = false;
          e.preventDefault();
          onDone();
        }}
      >
        {reasons.length > 0 && (
          <fieldset className="mb-4 space-y-2">
            <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Reason</legend>
            {reasons.map((x) => (
              <label
                key={x}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-blue-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 dark:border-slate-700 dark:has-[:checked]:border-blue-400"
              >
                <input
                  type="radio"
                  name={name}
                  value={x}
                  checked={reason === x}
                  onChange={() => setReason(x)}
                  className="h-4 w-4 accent-blue-700"
                />
                {reasonText(x)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant={action === 'remove' ? 'destructive' : 'primary'}
            disabled={moderate.isPending}
            onClick={send}
          >
            {moderate.isPending ? 'Saving…' : words.confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

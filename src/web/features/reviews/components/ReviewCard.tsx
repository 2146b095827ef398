// One published review (decision 0044): who wrote it, the stars and sub-ratings, the text (or the moderator's line
// when its text was hidden), the job's category, city and month, and what was estimated, agreed and paid. The
// reviewed party answers it once, publicly, and may edit the answer for 48 hours; any signed-in reader but its
// author may report it.
import { useId, useState, type FormEvent } from 'react';
import { categoryLabel } from '#domain/catalog/categories';
import { formatMoney, formatTime, formatWholeDollars } from '#domain/format';
import { formatJobInstant } from '#domain/job-words';
import { RESPONSE_EDIT_HOURS, RESPONSE_TEXT_MAX, subRatingLabels, subRatingsBy } from '#domain/reviews';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAnswerReview, type PublicReview } from '../api/job-reviews.ts';
import { ReportReviewDialog } from './ReportReviewDialog.tsx';
import { Stars } from './StarRatingInput.tsx';

/** "November 2026" from "2026-11". */
export function monthText(yyyyMm: string): string {
  const d = new Date(`${yyyyMm}-01T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return yyyyMm;
  return d.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
}

/** The browser's time zone: dates on the review screens read as the reader's calendar does. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "Nov 28, 2026 at 3:04 PM" in `timeZone`. */
function instantText(iso: string, timeZone: string): string {
  return `${formatJobInstant(iso, timeZone)} at ${formatTime(new Date(iso), timeZone)}`;
}

export interface ReviewCardProps {
  review: PublicReview;
  /** The signed-in reader's id (null when signed out): the reviewed party may answer. */
  viewerId: string | null;
  /** Whether the reader wrote this review (no Report for its author); unknown in a list, where the server decides. */
  viewerIsAuthor?: boolean;
  timeZone?: string;
  /** The heading level of the author's line in the page's outline. */
  headingLevel?: 3 | 4;
}

export function ReviewCard({
  review,
  viewerId,
  viewerIsAuthor = false,
  timeZone = readerTimeZone(),
  headingLevel = 3,
}: ReviewCardProps) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const isSubject = viewerId !== null && viewerId === review.subjectId;
  const place = [categoryLabel(review.category), review.city, monthText(review.completedMonth)]
    .filter(Boolean)
    .join(' · ');
  const subs = subRatingsBy(review.authorSide)
    .filter((k) => review.subRatings[k] !== undefined)
    .map((k) => [k, review.subRatings[k]] as const);
  const f = review.priceFacts;

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading id={headingId} className="break-words font-semibold text-slate-900 dark:text-white">
            {`${review.authorName} · ${review.authorSide === 'customer' ? 'customer' : 'pro'}`}
          </Heading>
          <p className="text-sm text-slate-700 dark:text-slate-300">{place}</p>
        </div>
        <Stars value={review.rating} />
      </header>

      {subs.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {subs.map(([k, v]) => (
            <div key={k} className="flex justify-between gap-2 sm:block">
              <dt className="text-slate-600 dark:text-slate-400">
                {subRatingLabels[k as keyof typeof subRatingLabels]}
              </dt>
              <dd className="font-medium text-slate-900 dark:text-slate-100">{v} / 5</dd>
            </div>
          ))}
        </dl>
      )}

      <p
        className={
          review.hidden
            ? 'italic text-slate-600 dark:text-slate-400'
            : 'whitespace-pre-line break-words text-slate-800 dark:text-slate-200'
        }
      >
        {review.text}
      </p>

      <div className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <p className="font-medium text-slate-900 dark:text-slate-100">{f.sentence}</p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700 dark:text-slate-300">
          <div className="flex gap-1">
            <dt>Estimate:</dt>
            <dd>
              {formatWholeDollars(f.estimateMin)} – {formatWholeDollars(f.estimateMax)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Agreed:</dt>
            <dd>{formatMoney(f.agreed)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Final:</dt>
            <dd>{formatMoney(f.final)}</dd>
          </div>
        </dl>
      </div>

      <Answer review={review} isSubject={isSubject} timeZone={timeZone} />

      {viewerId !== null && !viewerIsAuthor && (
        <div className="flex justify-end">
          <ReportReviewDialog reviewId={review.id} authorName={review.authorName} />
        </div>
      )}
    </article>
  );
}

/** The reviewed party's answer; for that party, the form to write it or, within the 48 hours, to edit it. */
function Answer({
  review,
  isSubject,
  timeZone,
}: {
  review: PublicReview;
  isSubject: boolean;
  timeZone: string;
}) {
  const [editing, setEditing] = useState(false);
  // The moment the card was shown: the Edit button stays until then, and the server refuses a late edit.
  const [shownAt] = useState(() => Date.now());
  const answer = review.response;
  const editable = answer !== null && shownAt < new Date(answer.editableUntil).getTime();
  const whose = review.authorSide === 'customer' ? 'The pro' : 'The customer';

  if (editing || (isSubject && answer === null)) {
    return (
      <AnswerForm
        review={review}
        onDone={() => setEditing(false)}
        onCancel={answer ? () => setEditing(false) : undefined}
      />
    );
  }
  if (!answer) return null;
  const edited = answer.updatedAt !== answer.createdAt;
  return (
    <div className="border-l-4 border-slate-300 pl-3 dark:border-slate-600">
      <p className="text-sm font-semibold text-slate-900 dark:text-white">
        {isSubject ? 'Your answer' : `${whose}'s answer`}
        {edited && <span className="font-normal text-slate-600 dark:text-slate-400"> (edited)</span>}
      </p>
      <p className="whitespace-pre-line break-words text-slate-800 dark:text-slate-200">{answer.text}</p>
      {isSubject && editable && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit your answer
          </Button>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            You can edit it until {instantText(answer.editableUntil, timeZone)}.
          </span>
        </div>
      )}
    </div>
  );
}

function AnswerForm({
  review,
  onDone,
  onCancel,
}: {
  review: PublicReview;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const edit = review.response !== null;
  const [text, setText] = useState(review.response?.text ?? '');
  const [error, setError] = useState<string>();
  const answer = useAnswerReview();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError('Write your answer');
    if (trimmed.length > RESPONSE_TEXT_MAX) return setError(`At most ${RESPONSE_TEXT_MAX} characters`);
    setError(undefined);
    try {
      await answer.mutateAsync({ reviewId: review.id, edit, body: { text: trimmed } });
      toast({ title: edit ? 'Your answer is updated' : 'Your answer is published', variant: 'success' });
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Your answer could not be saved. Please try again.'));
    }
  };

  const fieldId = `${id}-answer`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-2">
      <Label htmlFor={fieldId}>{edit ? 'Edit your public answer' : 'Answer this review publicly'}</Label>
      <Textarea
        id={fieldId}
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldErrorId(fieldId)} ${fieldId}-count` : `${fieldId}-count`}
      />
      <p id={`${fieldId}-count`} className="text-xs text-slate-600 dark:text-slate-400">
        {text.trim().length} / {RESPONSE_TEXT_MAX}
        {!edit && ` · you can answer once, and edit your answer for ${RESPONSE_EDIT_HOURS} hours`}
      </p>
      <FieldError id={fieldId} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending ? 'Saving...' : edit ? 'Save answer' : 'Publish answer'}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

// The job page's review section (decision 0044). A completed job's two parties review each other once, within
// the window, blind: until both have written (or the window closes) each reads only their own review and whether
// the other has written; then both are published at once and show here as cards. Opened as /jobs/{id}#reviews it
// scrolls here once it has its content.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatJobInstant } from '#domain/job-words';
import { REVIEW_WINDOW_DAYS, subRatingLabels, subRatingsBy } from '#domain/reviews';
import { ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { paths } from '#web/lib/paths.ts';
import { useJobReviews, type JobReviews as JobReviewsAnswer } from '../api/job-reviews.ts';
import { readerTimeZone, ReviewCard } from './ReviewCard.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { Stars } from './StarRatingInput.tsx';

/** The section's anchor: notifications link to /jobs/{id}#reviews. */
export const REVIEWS_SECTION_ID = 'reviews';
export const REVIEWS_LOAD_ERROR = 'The reviews could not be loaded. Please try again.';

const linkClass =
  'font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300';
const textClass = 'text-slate-800 dark:text-slate-200';

export interface JobReviewsProps {
  jobId: string;
  /** The job's time zone: the window's end reads as the job's calendar does (the reader's when not given). */
  timeZone?: string;
}

export function JobReviews({ jobId, timeZone }: JobReviewsProps) {
  const query = useJobReviews(jobId);
  const anchor = useRef<HTMLElement>(null);
  const arrived = useRef(false);
  // After a review is saved or edited the form gives way to what happens next: focus goes to the section's
  // heading, so a keyboard user reads on from there instead of from the top of the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.isSuccess;
  // The browser cannot scroll to #reviews by itself: the section gets its content after the page's first paint.
  useEffect(() => {
    if (!loaded || arrived.current || window.location.hash !== `#${REVIEWS_SECTION_ID}`) return;
    arrived.current = true;
    anchor.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);

  return (
    <Card className="p-4 sm:p-6">
      <section
        id={REVIEWS_SECTION_ID}
        ref={anchor}
        aria-labelledby="job-reviews-title"
        className="scroll-mt-28 space-y-4"
      >
        <h2
          id="job-reviews-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
        >
          Reviews
        </h2>
        {query.isPending ? (
          <LoadingState text="Loading the reviews..." />
        ) : query.isError ? (
          <ErrorState text={REVIEWS_LOAD_ERROR} onRetry={() => void query.refetch()} />
        ) : (
          <ReviewsBody
            jobId={jobId}
            data={query.data}
            timeZone={timeZone ?? readerTimeZone()}
            onSaved={() => heading.current?.focus()}
          />
        )}
        <p className="text-sm">
          <Link href={paths.howRankingWorks} className={linkClass}>
            How reviews and ranking work
          </Link>
        </p>
      </section>
    </Card>
  );
}

function ReviewsBody({
  jobId,
  data,
  timeZone,
  onSaved,
}: {
  jobId: string;
  data: JobReviewsAnswer;
  timeZone: string;
  onSaved: () => void;
}) {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const closes = data.windowClosesAt ? formatJobInstant(data.windowClosesAt, timeZone) : null;
  const side = data.yourSide;

  // Not completed yet: nothing to review.
  if (data.refusal === 'notCompleted' && !data.published) {
    return (
      <p className={textClass}>
        Reviews open once the job is completed: then you and {data.otherName} have {REVIEW_WINDOW_DAYS} days
        to review each other.
      </p>
    );
  }

  // Published: both reviews (or the one written before the window closed), at the same moment.
  if (data.published) {
    return (
      <div className="space-y-4">
        {side && !data.mine && data.refusal === 'windowClosed' && (
          <p className={textClass}>The time to review this job closed{closes ? ` on ${closes}` : ''}.</p>
        )}
        {data.reviews.length === 0 ? (
          <p className={textClass}>No reviews were written for this job.</p>
        ) : (
          <ul aria-label="Published reviews" className="space-y-4">
            {data.reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard
                  review={r}
                  viewerId={user?.id ?? null}
                  viewerIsAuthor={side !== null && r.authorSide === side}
                  timeZone={timeZone}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  // An admin reading an unpublished job: nothing public yet.
  if (!side) {
    return <p className={textClass}>No reviews are published for this job yet.</p>;
  }

  const otherWrote = data.otherReviewed && (
    <p className={textClass}>{data.otherName} has written their review.</p>
  );

  if (data.canReview) {
    return (
      <div className="space-y-4">
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">Review {data.otherName}</h3>
          {closes && (
            <p className="text-sm text-slate-700 dark:text-slate-300">You can review until {closes}.</p>
          )}
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Neither of you reads the other's review until both have written, or the time to review ends.
          </p>
        </div>
        {otherWrote}
        <ReviewForm
          jobId={jobId}
          yourSide={side}
          reviewId={null}
          submitLabel="Save my review"
          onDone={onSaved}
        />
      </div>
    );
  }

  if (data.mine) {
    const mine = data.mine;
    return (
      <div className="space-y-4">
        <p className={textClass}>
          Your review is saved. It will be published when {data.otherName} reviews too, or on {closes}.
        </p>
        {otherWrote}
        {editing ? (
          <ReviewForm
            jobId={jobId}
            yourSide={side}
            reviewId={mine.id}
            initial={{ rating: mine.rating, subRatings: mine.subRatings, text: mine.text }}
            submitLabel="Save changes"
            onDone={() => {
              setEditing(false);
              onSaved();
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <div className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="font-semibold text-slate-900 dark:text-white">Your review (not published yet)</h3>
            <Stars value={mine.rating} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              {subRatingsBy(side)
                .filter((k) => mine.subRatings[k] !== undefined)
                .map((k) => (
                  <div key={k}>
                    <dt className="text-slate-600 dark:text-slate-400">
                      {subRatingLabels[k as keyof typeof subRatingLabels]}
                    </dt>
                    <dd className="font-medium text-slate-900 dark:text-slate-100">
                      {mine.subRatings[k]} / 5
                    </dd>
                  </div>
                ))}
            </dl>
            <p className="whitespace-pre-line break-words text-slate-800 dark:text-slate-200">{mine.text}</p>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              Edit your review
            </Button>
          </div>
        )}
      </div>
    );
  }

  // The window closed before the caller wrote (and nothing was published).
  return (
    <div className="space-y-2">
      <p className={textClass}>The time to review this job closed{closes ? ` on ${closes}` : ''}.</p>
      {otherWrote}
    </div>
  );
}

// A provider's or a customer's published reviews, newest first, ten to a page, with the loading, error and empty
// states every list has.
import { useState } from 'react';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { useReviewList, type ReviewSubject } from '../api/review-list.ts';
import { ReviewCard } from './ReviewCard.tsx';

export interface ReviewListProps {
  subject: ReviewSubject;
  id: string;
}

export function ReviewList({ subject, id }: ReviewListProps) {
  const [page, setPage] = useState(1);
  const query = useReviewList(subject, id, page);
  const { user } = useAuth();
  const total = query.data?.total ?? 0;

  return (
    <section aria-labelledby={`reviews-of-${id}`} className="space-y-4">
      <h2 id={`reviews-of-${id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
        Reviews{query.data && total > 0 ? ` (${total})` : ''}
      </h2>
      <ListState
        query={query}
        error="The reviews could not be loaded. Please try again."
        loading={<LoadingState text="Loading the reviews..." />}
        isEmpty={(d) => d.total === 0}
        empty={
          <EmptyState
            text={
              subject === 'provider'
                ? 'No reviews yet: a pro is reviewed only by customers whose job they completed.'
                : 'No reviews yet: a customer is reviewed only by pros whose job they completed.'
            }
          />
        }
      >
        {(data) => {
          const { pageCount, from, to } = pageRange(data.page, data.pageSize, data.total);
          return (
            <>
              <ul aria-label="Reviews, newest first" className="space-y-4">
                {data.items.map((r) => (
                  <li key={r.id}>
                    <ReviewCard review={r} viewerId={user?.id ?? null} />
                  </li>
                ))}
              </ul>
              {pageCount > 1 && (
                <Pager label="Review pages" page={data.page} pageCount={pageCount} onPage={setPage}>
                  Showing {from} to {to} of {data.total} reviews
                </Pager>
              )}
            </>
          );
        }}
      </ListState>
    </section>
  );
}

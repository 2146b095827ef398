// The reviews' timed work (decision 0044), on scheduled work (decision 0033): when a job is completed, in the
// completing transaction, a reminder to review due at once, another REVIEW_REMINDER_DAYS_BEFORE_CLOSE days before
// the window closes, and the window's close itself. Each item is keyed by the job (and the reminder's stage), so it
// exists once and runs once across instances; the close is scheduled again (the same key: nothing new) by the
// first review of a job completed before reviews existed.
import { reviewReminderAt } from '#domain/reviews';
import type { AppContext } from '#server/context';
import type { ReviewsService } from './reviews.service.ts';

export function registerReviewPublication(
  ctx: Pick<AppContext, 'events' | 'work'>,
  service: ReviewsService,
): void {
  const { events, work } = ctx;

  events.inTransaction('jobChanged', async (tx, e) => {
    if (e.event !== 'completed') return;
    const completedAt = e.at;
    await work.schedule(
      tx,
      'reviewReminder',
      { jobId: e.jobId, stage: 'completed' },
      { dueAt: completedAt, key: `reviewReminder:completed:${e.jobId}` },
    );
    await work.schedule(
      tx,
      'reviewReminder',
      { jobId: e.jobId, stage: 'closing' },
      { dueAt: reviewReminderAt(completedAt), key: `reviewReminder:closing:${e.jobId}` },
    );
    await service.scheduleWindowClose(tx, e.jobId, completedAt);
  });

  work.handle('reviewWindowClose', async ({ payload }) => {
    await service.closeWindow(payload.jobId);
  });

  work.handle('reviewReminder', async ({ payload }) => {
    await service.remind(payload.jobId, payload.stage);
  });
}

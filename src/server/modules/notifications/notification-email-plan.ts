// Each new notification's email (decision 0043): from the recipient's choice for its kind, whether it is owed
// and when (at once, at the end of the kind's 15-minute window, in the next hourly or daily digest).
import type { Executor } from '#server/db/client';
import type { NotificationInput } from './notifications.store.ts';
import type { NewNotification } from './notifications.repo.ts';

/** The rows to insert, each with its emailState and emailDueAt. */
export async function planEmails(
  _tx: Executor,
  rows: readonly NotificationInput[],
): Promise<NewNotification[]> {
  // Placeholder until the email choices land: no mail.
  return rows.map((r) => ({ ...r, emailState: 'none', emailDueAt: null }));
}

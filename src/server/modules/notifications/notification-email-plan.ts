// Each new notification's email (decision 0043): from the recipient's choice for its kind, whether it is owed and
// when. Off: none. Immediately: now, or at the end of the kind's 15-minute window when a mail of that kind went to
// the person within it, or with the kind's notifications already waiting. Hourly (new work only): the same with the
// hourly digest's 60 minutes. Daily: the next 8:00 in the person's time zone (from their ZIP code). Set-based: a
// posting that tells thousands of providers reads each table once, whatever the count.
import {
  DAILY_DIGEST_HOUR,
  DEFAULT_TIME_ZONE,
  effectiveEmailChoices,
  HOURLY_WINDOW_MS,
  IMMEDIATE_WINDOW_MS,
  notificationKindInfo,
  type EmailChoice,
  type NotificationKind,
} from '#domain/notification-kinds';
import { effectiveProviderPlan, isFeaturedPlan } from '#domain/plans';
import { nextLocalHour, timeZoneOfZip } from '#domain/zip-time-zone';
import type { Executor } from '#server/db/client';
import type { NotificationInput } from './notifications.store.ts';
import type { NewNotification } from './notifications.repo.ts';
import * as mailRepo from './notification-mail.repo.ts';

type Person = Pick<
  mailRepo.Recipient,
  'role' | 'subscriptionPlan' | 'trialEndDate' | 'hasUsedTrial' | 'subscriptionExpiryDate' | 'emailChoices'
>;

/** A person's email choice of every kind at `at`: their stored ones over the defaults of their role and plan. */
export function choicesOf(p: Person, at: Date): Record<NotificationKind, EmailChoice> {
  const featured = p.role === 'provider' && isFeaturedPlan(effectiveProviderPlan(p, at));
  return effectiveEmailChoices(p.emailChoices ?? {}, featured);
}

/** The outbox kind a choice mails under: the kind itself for an immediate mail, else the digest. */
export const mailKindOf = (kind: NotificationKind, choice: EmailChoice): string =>
  choice === 'immediately' ? kind : choice;

/** The window of a mail kind: 60 minutes for the hourly digest, 15 for a kind's immediate mail; none daily. */
export const windowOf = (mailKind: string): number | null =>
  mailKind === 'daily' ? null : mailKind === 'hourly' ? HOURLY_WINDOW_MS : IMMEDIATE_WINDOW_MS;

/** The time zone of a person's daily digest. */
export const timeZoneOf = (zipCode: string | null) => timeZoneOfZip(zipCode) ?? DEFAULT_TIME_ZONE;

const pairKey = (userId: string, kind: string) => `${userId}|${kind}`;

/** The rows to insert, each with its emailState and emailDueAt. */
export async function planEmails(
  tx: Executor,
  rows: readonly NotificationInput[],
): Promise<NewNotification[]> {
  if (rows.length === 0) return [];
  const people = new Map(
    (
      await mailRepo.recipients(
        tx,
        rows.map((r) => r.userId),
      )
    ).map((p) => [p.id, p]),
  );
  const choices = new Map<string, Record<NotificationKind, EmailChoice>>();
  const choiceOf = (r: NotificationInput): EmailChoice => {
    const p = people.get(r.userId);
    if (!p || p.deletedAt !== null || notificationKindInfo[r.kind].mailedApart) return 'off';
    let mine = choices.get(p.id);
    if (!mine) choices.set(p.id, (mine = choicesOf(p, r.createdAt)));
    return mine[r.kind];
  };

  // What the windows depend on, read once for the whole batch: the newest mail of each kind or digest per person
  // within the longest window, and the due time of what already waits.
  const windowed = rows.filter((r) => ['immediately', 'hourly'].includes(choiceOf(r)));
  const earliest = rows.reduce((min, r) => Math.min(min, r.createdAt.getTime()), Infinity);
  const ids = windowed.map((r) => r.userId);
  const [last, waiting] = await Promise.all([
    mailRepo.lastMails(
      tx,
      ids,
      windowed.map((r) => mailKindOf(r.kind, choiceOf(r))),
      new Date(earliest - HOURLY_WINDOW_MS),
    ),
    mailRepo.pendingDue(
      tx,
      ids,
      windowed.map((r) => r.kind),
    ),
  ]);
  const lastAt = new Map(last.map((l) => [pairKey(l.userId, l.kind), l.at]));
  const waitingAt = new Map(waiting.map((w) => [pairKey(w.userId, w.kind), w.at]));

  return rows.map((r) => {
    const choice = choiceOf(r);
    if (choice === 'off') return { ...r, emailState: 'none', emailDueAt: null };
    if (choice === 'daily') {
      const zone = timeZoneOf(people.get(r.userId)?.zipCode ?? null);
      return { ...r, emailState: 'pending', emailDueAt: nextLocalHour(r.createdAt, zone, DAILY_DIGEST_HOUR) };
    }
    const mailKind = mailKindOf(r.kind, choice);
    const window = windowOf(mailKind) ?? 0;
    const now = r.createdAt.getTime();
    let due = now;
    // Notifications of the kind already waiting (within this window: not a daily one from an earlier choice):
    // this one goes with them.
    const w = waitingAt.get(pairKey(r.userId, r.kind));
    const l = lastAt.get(pairKey(r.userId, mailKind));
    if (w && w.getTime() <= now + window) due = Math.max(now, w.getTime());
    else if (l && l.getTime() + window > now) due = l.getTime() + window;
    return { ...r, emailState: 'pending', emailDueAt: new Date(due) };
  });
}

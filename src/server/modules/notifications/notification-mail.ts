// Notification mail (decision 0043): the composer turns the notifications whose email is due into mail in the
// outbox (notification_mail), and the sender sends the outbox. Both run as recurring scheduled work every
// NOTIFICATION_DIGEST_SECONDS across all instances, and a commit that wrote notifications wakes its own instance at
// once, so an immediate mail leaves within seconds. Every step is safe on several instances at once: the composer
// takes notifications with SKIP LOCKED in one transaction with the mail it writes (a crash puts them back), the
// sender claims each mail with SKIP LOCKED and a lease.
import { isNotificationKind, type EmailChoice, type NotificationKind } from '#domain/notification-kinds';
import type { AppContext } from '#server/context';

import { choicesOf, mailKindOf, windowOf } from './notification-email-plan.ts';
import { renderNotificationMail, type MailItem } from './notification-mail-text.ts';
import * as repo from './notification-mail.repo.ts';
import { newUnsubscribeKey, signUnsubscribe, type UnsubscribeScope } from './unsubscribe-token.ts';

/** People whose due notifications one compose transaction takes. */
const PEOPLE_PER_BATCH = 50;
/** Mails one send claims at a time. */
const MAILS_PER_CLAIM = 20;
/**
 * How long a sender's claim on a mail holds: longer than an SMTP exchange can take (seconds; minutes when the server
 * stalls), so a slow send is never taken over and sent twice; a mail whose sender died waits this long.
 */
const SEND_LEASE_MS = 10 * 60_000;
/** A mail refused for this long is given up on. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The pause before the next attempt after `attempts` refusals: 1, 2, 4 … minutes, at most an hour. */
export const retryPauseMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/** The link that turns `scope` off for a person. */
export const unsubscribeUrl = (appUrl: string, userId: string, scope: UnsubscribeScope, key: string) =>
  `${appUrl}/unsubscribe?token=${signUnsubscribe({ userId, scope }, key)}`;

type Ctx = Pick<AppContext, 'db' | 'now' | 'mailer' | 'config' | 'work'>;

export function createNotificationMail(ctx: Ctx) {
  const { db, now, mailer, config } = ctx;
  const appUrl = config.APP_URL;

  /** One batch of people: their due notifications into mail; how many notifications it took. */
  async function composeBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const at = now();
      const taken = await repo.claimDueNotifications(tx, at, PEOPLE_PER_BATCH);
      if (taken.length === 0) return 0;
      const people = new Map(
        (
          await repo.recipients(
            tx,
            taken.map((n) => n.userId),
          )
        ).map((p) => [p.id, p]),
      );

      // Per person and mail kind (a kind's immediate mail, or a digest), in the order they came.
      const skipped: string[] = [];
      const groups = new Map<string, { userId: string; mailKind: string; rows: repo.NotificationRow[] }>();
      for (const n of taken) {
        const p = people.get(n.userId);
        const choice: EmailChoice = p && isNotificationKind(n.kind) ? choicesOf(p, at)[n.kind] : 'off';
        if (!p || p.deletedAt !== null || p.emailVerifiedAt === null || choice === 'off') {
          skipped.push(n.id);
          continue;
        }
        const mailKind = mailKindOf(n.kind as NotificationKind, choice);
        const key = `${n.userId}|${mailKind}`;
        const g = groups.get(key) ?? { userId: n.userId, mailKind, rows: [] };
        g.rows.push(n);
        groups.set(key, g);
      }
      await repo.skipNotifications(tx, skipped);

      // The window again, now: a mail of the kind made inside it (on another instance, since planning) moves the
      // notifications to its end; they go out together then.
      const list = [...groups.values()];
      const recent = await repo.lastMails(
        tx,
        list.map((g) => g.userId),
        list.filter((g) => windowOf(g.mailKind) !== null).map((g) => g.mailKind),
        new Date(at.getTime() - Math.max(...list.map((g) => windowOf(g.mailKind) ?? 0), 0)),
      );
      const lastAt = new Map(recent.map((r) => [`${r.userId}|${r.kind}`, r.at]));
      const ready = [];
      for (const g of list) {
        const window = windowOf(g.mailKind);
        const last = lastAt.get(`${g.userId}|${g.mailKind}`);
        if (window !== null && last && last.getTime() + window > at.getTime()) {
          await repo.deferNotifications(
            tx,
            g.rows.map((r) => r.id),
            new Date(last.getTime() + window),
          );
        } else {
          ready.push(g);
        }
      }
      if (ready.length === 0) return taken.length;

      const keys = await repo.ensureUnsubscribeKeys(
        tx,
        [...new Set(ready.map((g) => g.userId))].map((userId) => ({ userId, key: newUnsubscribeKey() })),
      );
      const mails: repo.NewNotificationMail[] = ready.map((g) => {
        const p = people.get(g.userId)!;
        const key = keys.get(g.userId)!;
        const items: MailItem[] = g.rows.map((r) => ({
          kind: r.kind as NotificationKind,
          title: r.title,
          body: r.body,
          link: r.link,
        }));
        const scope = g.mailKind as UnsubscribeScope;
        const own = unsubscribeUrl(appUrl, g.userId, scope, key);
        const kindUrls = new Map(
          [...new Set(items.map((i) => i.kind))].map((k) => [k, unsubscribeUrl(appUrl, g.userId, k, key)]),
        );
        const { subject, text, html } = renderNotificationMail({
          appUrl,
          firstName: p.firstName,
          mailKind: scope,
          items,
          unsubscribeUrl: own,
          kindUnsubscribeUrls: kindUrls,
        });
        return {
          userId: g.userId,
          kind: g.mailKind,
          to: p.email,
          subject,
          text,
          html,
          headers: {
            'List-Unsubscribe': `<${own}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
          status: 'pending',
          nextAttemptAt: at,
          createdAt: at,
        };
      });
      await repo.insertMails(tx, mails);
      return taken.length;
    });
  }

  /** Every due notification into mail. */
  async function compose(): Promise<void> {
    while ((await composeBatch()) > 0) {
      // Next batch of people.
    }
  }

  /** Sends the mail whose time has come; how many went out. */
  async function send(): Promise<number> {
    let sent = 0;
    for (;;) {
      const at = now();
      const claimed = await repo.claimMails(db, {
        by: ctx.work.instanceId,
        now: at,
        until: new Date(at.getTime() + SEND_LEASE_MS),
        limit: MAILS_PER_CLAIM,
      });
      for (const m of claimed) {
        try {
          await mailer.send({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
          await repo.markSent(db, m.id, ctx.work.instanceId, now());
          sent++;
        } catch (err) {
          const t = now();
          const attempts = m.attempts + 1;
          await repo.markRefused(db, m.id, ctx.work.instanceId, {
            error: errorText(err),
            nextAttemptAt: new Date(t.getTime() + retryPauseMs(attempts)),
            failed: t.getTime() - m.createdAt.getTime() >= GIVE_UP_AFTER_MS,
          });
        }
      }
      if (claimed.length < MAILS_PER_CLAIM) return sent;
    }
  }

  /** Composes, then sends. */
  async function run(): Promise<void> {
    await compose();
    await send();
  }

  return { compose, send, run };
}

export type NotificationMail = ReturnType<typeof createNotificationMail>;

/**
 * Runs the mail work as recurring scheduled work (every NOTIFICATION_DIGEST_SECONDS; 0: only on a commit) and on
 * every commit that wrote notifications, on this instance: one run at a time, a wake during a run makes one more.
 * Returns what closing the app waits for.
 */
export function registerNotificationMail(
  ctx: Ctx & Pick<AppContext, 'events'>,
  log: { error(obj: object, msg: string): void },
): { close(): Promise<void> } {
  const mail = createNotificationMail(ctx);
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;

  const wake = () => {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await mail.run().catch((err: unknown) => log.error({ err }, 'notification mail run failed'));
      } while (again && !closing);
    })().finally(() => {
      running = null;
    });
    // Counted among the mailer's background work: its idle() (tests) and close() wait for this run too.
    const run = running;
    ctx.mailer.queueComposed(async () => {
      await run;
      return null;
    });
  };

  ctx.events.afterCommit('notificationsCreated', () => wake());
  const everyMs = ctx.config.NOTIFICATION_DIGEST_SECONDS * 1000;
  if (everyMs > 0) ctx.work.every('notificationMail', everyMs, () => mail.run());

  return {
    async close() {
      closing = true;
      while (running) await running;
    },
  };
}

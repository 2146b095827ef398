// Outgoing mail. With SMTP_URL, mail goes out through SMTP and nothing of it is kept (the verification and
// reset links in it are as good as passwords, and auth_tokens keeps only their hashes). Without SMTP_URL, mail
// lands in the development outbox: the mail_outbox table (read by /dev/mailbox), purged of everything older
// than a day at start and at every new mail, and a log line, which carries the links only in development.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';
import { deleteOutboxMail, insertOutboxMail } from './mail.repo.ts';

/** How long the development outbox keeps a mail. */
export const OUTBOX_KEEP_MS = 24 * 60 * 60_000;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (a notification mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Files sent with it, as text (a site visit's calendar invite: text/calendar). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** With its parameters ("text/calendar; charset=utf-8; method=PUBLISH"). */
  contentType: string;
  content: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Sends now; throws when the SMTP server refuses. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends in the background, so the response time does not depend on whether a mail went out (and so does not
   * reveal whether an account exists). Failures are logged.
   */
  queue(mail: Mail): void;
  /**
   * Runs `compose` in the background and sends the mail it returns (none when it returns null): the work behind a
   * mail that must not delay the answer either, such as looking the address up. Tracked like queue(): idle() and
   * close() wait for it; a failure is logged.
   */
  queueComposed(compose: () => Promise<Mail | null>): void;
  /** Resolves once every queued mail (and the start-up purge) has been handled (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Print the links of outbox mail in the log (development only: a link there is a password reset). */
  logLinks?: boolean;
}

export function createMailer(opts: MailerOptions): Mailer {
  const { db, log, now, from } = opts;
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const transport = smtp ? 'smtp' : 'outbox';
  const pending = new Set<Promise<void>>();

  const track = (p: Promise<void>) => {
    const tracked = p.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  /** With SMTP nothing is kept (rows from an earlier outbox run go too); without it, a day's worth. */
  const purge = () => deleteOutboxMail(db, smtp ? undefined : new Date(now().getTime() - OUTBOX_KEEP_MS));

  async function send(mail: Mail) {
    if (smtp) {
      await smtp.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
      });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent via SMTP');
      return;
    }
    const { to, subject, text, html } = mail;
    const attachments = mail.attachments?.length ? mail.attachments : null;
    await insertOutboxMail(db, { to, subject, text, html, attachments, transport, createdAt: now() });
    await purge();
    const links = opts.logLinks ? (mail.text.match(/https?:\/\/\S+/g) ?? []) : [];
    log.info(
      { to: mail.to, subject: mail.subject, ...(links.length ? { links } : {}) },
      `mail kept in the development outbox (no SMTP_URL): "${mail.subject}" to ${mail.to}${links.length ? ` - ${links.join(' ')}` : ''}`,
    );
  }

  // At start: drop what an earlier run left behind.
  track(purge().catch((err: unknown) => log.error({ err }, 'could not purge the development outbox')));

  return {
    transport,
    send,
    queue(mail) {
      track(
        send(mail).catch((err: unknown) =>
          log.error({ err, to: mail.to, subject: mail.subject }, 'could not send mail'),
        ),
      );
    },
    queueComposed(compose) {
      track(
        (async () => {
          // Never in the caller's turn: the caller answers first, whatever compose does.
          await Promise.resolve();
          let mail: Mail | null;
          try {
            mail = await compose();
          } catch (err) {
            log.error({ err }, 'could not compose mail');
            return;
          }
          if (!mail) return;
          await send(mail).catch((err: unknown) =>
            log.error({ err, to: mail.to, subject: mail.subject }, 'could not send mail'),
          );
        })(),
      );
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      while (pending.size > 0) await Promise.all([...pending]);
      smtp?.close();
    },
  };
}

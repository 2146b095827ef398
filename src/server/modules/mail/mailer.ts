// Outgoing mail. With SMTP_URL, mail goes out through SMTP; without it, it lands in the development outbox
// (the mail_outbox table, the log and /dev/mailbox). Either way every mail sent is recorded in mail_outbox.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';
import { insertOutboxMail } from './mail.repo.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
  /** Resolves once every queued mail has been handled (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
}

export function createMailer(opts: MailerOptions): Mailer {
  const { db, log, now, from } = opts;
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const transport = smtp ? 'smtp' : 'outbox';
  const pending = new Set<Promise<void>>();

  async function record(mail: Mail) {
    await insertOutboxMail(db, { ...mail, transport, createdAt: now() });
  }

  async function send(mail: Mail) {
    if (smtp) {
      await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await record(mail);
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent via SMTP');
      return;
    }
    await record(mail);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    log.info(
      { to: mail.to, subject: mail.subject, links },
      `mail kept in the development outbox (no SMTP_URL): "${mail.subject}" to ${mail.to}${links.length ? ` - ${links.join(' ')}` : ''}`,
    );
  }

  return {
    transport,
    send,
    queue(mail) {
      const p = send(mail)
        .catch((err: unknown) =>
          log.error({ err, to: mail.to, subject: mail.subject }, 'could not send mail'),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
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

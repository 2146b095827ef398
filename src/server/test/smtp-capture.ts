// A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives, for tests that check
// what a user finds in their mailbox. Pass `url` as SMTP_URL to createTestApp.
import { SMTPServer } from 'smtp-server';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The raw message with quoted-printable soft line breaks and "=3D" undone: good enough to find links. */
  decoded: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** The first message (already received or still to come) that matches. */
  waitFor(match: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export function decodeQuotedPrintableLinks(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** The first link in the mail that starts with `prefix` (for example `${APP_URL}/verify-email?token=`). */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = mail.decoded.match(new RegExp(`${escaped}[A-Za-z0-9_%.~-]+`));
  if (!found) throw new Error(`No link starting with ${prefix} in the mail "${mail.subject}"`);
  return found[0];
}

export async function startSmtpCapture(
  options: { port?: number; onMail?: (mail: CapturedMail) => void } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters: { match: (m: CapturedMail) => boolean; resolve: (m: CapturedMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const decoded = decodeQuotedPrintableLinks(raw);
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail: CapturedMail = {
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          decoded,
        };
        messages.push(mail);
        options.onMail?.(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      const existing = messages.find(match);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: CapturedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No matching mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP address on a port nothing listens on: the connection is refused at once (a mail server that is down). */
export function unreachableSmtpUrl(): Promise<string> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 1;
      probe.close(() => resolve(`smtp://127.0.0.1:${port}`));
    });
  });
}

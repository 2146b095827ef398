import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from '@playwright/test';

const mailFile = resolve(process.env.E2E_DATA_DIR ?? '.e2e-data', 'mail.jsonl');

/** The mail captured so far for `to`, oldest first. */
export function mailsTo(to: string): { to: string[]; text: string }[] {
  if (!existsSync(mailFile)) return [];
  // Only whole lines: the server may be appending another worker's mail while this reads, and that last line is
  // complete on the next read.
  return readFileSync(mailFile, 'utf8')
    .split('\n')
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as { to: string[]; text: string }];
      } catch {
        return [];
      }
    })
    .filter((m) => m.to.includes(to.toLowerCase()));
}

/** Waits for the newest mail to `to` that carries a link to `path`, and returns that link. */
export async function linkFromMail(
  to: string,
  path: '/verify-email' | '/reset-password' | '/unsubscribe',
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(to);
        const re = new RegExp(`https?://[^\\s"'<>]+${path}\\?token=[A-Za-z0-9_.-]+`);
        for (const m of mails.reverse()) {
          const found = m.text.match(re)?.[0];
          if (found) return (link = found);
        }
        return undefined;
      },
      { timeout: 15_000, message: `a mail to ${to} with a ${path} link` },
    )
    .toBeTruthy();
  return link!;
}

// Whether /dev/mailbox is served: never in production or with SMTP_URL, otherwise only when the server and APP_URL
// are on loopback, unless DEV_MAILBOX=true opts in (DEV_MAILBOX=false turns it off).
import type { AppConfig } from '#server/config';

export type DevMailboxStatus = { enabled: true; url: string } | { enabled: false; reason: string };

/** Whether a host name is this machine's (localhost, ::1, 127.x.x.x). */
export const isLoopback = (hostname: string) =>
  hostname === 'localhost' ||
  hostname === '::1' ||
  hostname === '[::1]' ||
  /^127(\.\d{1,3}){3}$/.test(hostname);

/** Whether this configuration serves /dev/mailbox, and where or why not (main.ts logs it at boot). */
export function devMailboxStatus(config: AppConfig): DevMailboxStatus {
  const url = `${config.APP_URL}/dev/mailbox`;
  if (config.isProduction) return { enabled: false, reason: 'NODE_ENV=production' };
  if (config.SMTP_URL) return { enabled: false, reason: 'mail goes out through SMTP_URL' };
  if (config.DEV_MAILBOX === false) return { enabled: false, reason: 'DEV_MAILBOX=false' };
  if (config.DEV_MAILBOX === true) return { enabled: true, url };
  if (!isLoopback(config.HOST) || !isLoopback(new URL(config.APP_URL).hostname)) {
    return {
      enabled: false,
      reason: `the server is reachable beyond this machine (HOST=${config.HOST}, APP_URL=${config.APP_URL}); set DEV_MAILBOX=true to serve it anyway`,
    };
  }
  return { enabled: true, url };
}

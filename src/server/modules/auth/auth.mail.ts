// The account mails: the verification and reset links (short, friendly, with how long the link works), and the
// security notices sent after a change to how the account signs in (ASVS 5.0 6.3.7).
import { escapeHtml } from '#server/lib/html';
import type { AppContext } from '#server/context';
import type { Mail } from '#server/modules/mail';

function layout(paragraphs: string[], link: string, button: string): string {
  const p = (t: string) => `<p style="margin:0 0 16px">${t}</p>`;
  const [first = '', ...rest] = paragraphs;
  return [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    p(first),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button)}</a></p>`,
    p(`Or copy this link into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
    ...rest.map(p),
    p('The HomeFix Marketplace team'),
    '</body></html>',
  ].join('\n');
}

export function verificationMail(to: string, firstName: string, link: string): Mail {
  const name = firstName.trim() || 'there';
  return {
    to,
    subject: 'Confirm your email address',
    text: [
      `Hi ${name},`,
      '',
      'Welcome to HomeFix Marketplace! Please confirm your email address by opening this link:',
      '',
      link,
      '',
      'The link works for 24 hours. If you did not create an account, you can ignore this email.',
      '',
      'The HomeFix Marketplace team',
    ].join('\n'),
    html: layout(
      [
        `Hi ${escapeHtml(name)},<br><br>Welcome to HomeFix Marketplace! Please confirm your email address.`,
        'The link works for 24 hours. If you did not create an account, you can ignore this email.',
      ],
      link,
      'Confirm my email',
    ),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): Mail {
  const name = firstName.trim() || 'there';
  return {
    to,
    subject: 'Reset your password',
    text: [
      `Hi ${name},`,
      '',
      'We received a request to reset the password of your HomeFix Marketplace account. Choose a new one here:',
      '',
      link,
      '',
      'The link works for 60 minutes and only once. If you did not ask for this, you can ignore this email: your password stays the same.',
      '',
      'The HomeFix Marketplace team',
    ].join('\n'),
    html: layout(
      [
        `Hi ${escapeHtml(name)},<br><br>We received a request to reset the password of your HomeFix Marketplace account.`,
        'The link works for 60 minutes and only once. If you did not ask for this, you can ignore this email: your password stays the same.',
      ],
      link,
      'Choose a new password',
    ),
  };
}

/** A change to how an account signs in, told to the account's address after it happened. */
export type SecurityNotice =
  | { kind: 'password_changed' }
  | { kind: 'password_reset' }
  | { kind: 'two_step_on' }
  | { kind: 'two_step_off' }
  | { kind: 'two_step_off_by_admin' }
  | { kind: 'recovery_codes_renewed' }
  | { kind: 'recovery_code_used'; codesLeft: number };

const noticeTexts: Record<
  SecurityNotice['kind'],
  /** notYou: how the way back starts when it is not "If this was you...". */
  { subject: string; what: string; after: string; notYou?: string }
> = {
  password_changed: {
    subject: 'Your password was changed',
    what: 'The password of your HomeFix Marketplace account was changed',
    after: 'Every other device signed in to your account was signed out.',
  },
  password_reset: {
    subject: 'Your password was reset',
    what: 'The password of your HomeFix Marketplace account was reset with a link sent to this address',
    after: 'Every device signed in to your account was signed out.',
  },
  two_step_on: {
    subject: 'Two-step verification is on',
    what: 'Two-step verification was turned on for your HomeFix Marketplace account',
    after:
      'Signing in now asks for a code from your authenticator app. Keep your recovery codes somewhere safe: they are the way in if you lose your phone.',
  },
  two_step_off: {
    subject: 'Two-step verification is off',
    what: 'Two-step verification was turned off for your HomeFix Marketplace account',
    after: 'Signing in now asks for your password only. You can turn it on again in Settings.',
  },
  two_step_off_by_admin: {
    subject: 'Two-step verification is off',
    what: 'An administrator turned off two-step verification for your HomeFix Marketplace account',
    after:
      'Every device signed in to your account was signed out, and signing in now asks for your password only. You can turn it on again in Settings.',
    notYou: 'If you did not ask for this,',
  },
  recovery_codes_renewed: {
    subject: 'You have new recovery codes',
    what: 'New recovery codes were made for your HomeFix Marketplace account',
    after: 'Your old recovery codes no longer work.',
  },
  recovery_code_used: {
    subject: 'A recovery code was used to sign in',
    what: 'A recovery code was used to sign in to your HomeFix Marketplace account',
    after: '',
  },
};

const noticeTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "November 24, 2026 at 1:20 AM UTC": the server does not know the reader's time zone, so it says which one. */
export function noticeWhen(at: Date): string {
  // Some ICU versions put a narrow no-break space before AM/PM: a plain one reads the same in every mail client.
  return `${noticeTime.format(at).replace(/\u202f/g, ' ')} UTC`;
}

/** What a security notice says: what changed and when, and what to do if it was not the reader. */
export function securityNoticeMail(
  to: string,
  firstName: string,
  notice: SecurityNotice,
  at: Date,
  appUrl: string,
): Mail {
  const name = firstName.trim() || 'there';
  const texts = noticeTexts[notice.kind];
  const after =
    notice.kind === 'recovery_code_used'
      ? `You have ${notice.codesLeft} recovery ${notice.codesLeft === 1 ? 'code' : 'codes'} left; you can make new ones in Settings.`
      : texts.after;
  const settings = `${appUrl}/settings`;
  const reset = `${appUrl}/forgot-password`;
  const happened = `${texts.what} on ${noticeWhen(at)}.`;
  const notYou = texts.notYou ?? 'If this was you, there is nothing to do. If it was not,';
  return {
    to,
    subject: texts.subject,
    text: [
      `Hi ${name},`,
      '',
      happened,
      ...(after ? ['', after] : []),
      '',
      `${notYou} reset your password now:`,
      '',
      reset,
      '',
      'and check the devices signed in to your account in Settings:',
      '',
      settings,
      '',
      'The HomeFix Marketplace team',
    ].join('\n'),
    html: layout(
      [
        `Hi ${escapeHtml(name)},<br><br>${escapeHtml(happened)}${after ? ` ${escapeHtml(after)}` : ''}`,
        `${escapeHtml(notYou)} <a href="${escapeHtml(reset)}">reset your password</a> now, and check the devices signed in to your account in Settings.`,
      ],
      settings,
      'Review my account',
    ),
  };
}

/**
 * Tells the account's owner, by mail, of a change to how the account signs in. Queued: the change stands whether
 * or not the mail goes out (a failure is logged by the mailer).
 */
export function notifyAccount(
  ctx: Pick<AppContext, 'mailer' | 'now' | 'config'>,
  account: { email: string; firstName: string },
  notice: SecurityNotice,
): void {
  ctx.mailer.queue(
    securityNoticeMail(account.email, account.firstName, notice, ctx.now(), ctx.config.APP_URL),
  );
}

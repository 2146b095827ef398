// The two account mails: short, friendly, with the link and how long it works.
import { escapeHtml } from '#server/lib/html';
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

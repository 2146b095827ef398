// What a notification mail says (decision 0043): the notifications it carries with their links, one line on why
// it came (the person's choice for the kind, or for the digest), where to change that, and how to stop it with
// one click. An HTML and a text part, the same words.
import { emailChoiceLabels, notificationKindInfo, type NotificationKind } from '#domain/notification-kinds';
import { escapeHtml } from '#server/lib/html';

export interface MailItem {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The path of the screen where it is acted on. */
  link: string;
}

export interface NotificationMailInput {
  appUrl: string;
  firstName: string;
  /** A kind (an immediate mail) or 'daily' / 'hourly' (a digest). */
  mailKind: NotificationKind | 'daily' | 'hourly';
  items: readonly MailItem[];
  /** The mail's own one-click link (its kind, or every kind of its digest). */
  unsubscribeUrl: string;
  /** In a digest: each kind's own link. */
  kindUnsubscribeUrls: ReadonlyMap<NotificationKind, string>;
}

const label = (k: NotificationKind) => notificationKindInfo[k].label;

/** The one line that says why the mail came. */
export function whyLine(
  mailKind: NotificationMailInput['mailKind'],
  kinds: readonly NotificationKind[],
): string {
  if (mailKind === 'daily' || mailKind === 'hourly') {
    const names = kinds.map((k) => `“${label(k)}”`).join(', ');
    return `You get this because ${names} ${kinds.length === 1 ? 'is' : 'are'} set to ${emailChoiceLabels[mailKind]} in your notification settings.`;
  }
  return `You get this because “${label(mailKind)}” is set to ${emailChoiceLabels.immediately} in your notification settings.`;
}

export function notificationMailSubject(input: Pick<NotificationMailInput, 'mailKind' | 'items'>): string {
  const { mailKind, items } = input;
  const n = items.length;
  if (mailKind === 'daily') return `Your HomeFix daily digest: ${n} update${n === 1 ? '' : 's'}`;
  if (mailKind === 'hourly') return `New work in your categories: ${n} new`;
  if (n === 1) return items[0]!.title;
  return `${label(mailKind)}: ${n} updates`;
}

export function renderNotificationMail(input: NotificationMailInput) {
  const { appUrl, items, mailKind } = input;
  const name = input.firstName.trim() || 'there';
  const kinds = [...new Set(items.map((i) => i.kind))];
  const why = whyLine(mailKind, kinds);
  const settingsUrl = `${appUrl}/settings#notifications`;
  const digest = mailKind === 'daily' || mailKind === 'hourly';
  const stopText = digest
    ? `Stop the ${emailChoiceLabels[mailKind].toLowerCase()} emails`
    : `Stop emails about “${label(mailKind)}”`;
  const subject = notificationMailSubject(input);

  const text = [
    `Hi ${name},`,
    '',
    ...items.flatMap((i) => [`${i.title}`, `${i.body}`, `${appUrl}${i.link}`, '']),
    why,
    `Change what you get: ${settingsUrl}`,
    `${stopText}: ${input.unsubscribeUrl}`,
    ...(digest && kinds.length > 1
      ? kinds.map((k) => `Stop emails about “${label(k)}”: ${input.kindUnsubscribeUrls.get(k) ?? ''}`)
      : []),
    '',
    'The HomeFix Marketplace team',
  ].join('\n');

  const a = (href: string, words: string) =>
    `<a href="${escapeHtml(href)}" style="color:#2563eb">${escapeHtml(words)}</a>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>Hi ${escapeHtml(name)},</p>`,
    ...items.map(
      (i) =>
        `<p><strong>${escapeHtml(i.title)}</strong><br>${escapeHtml(i.body)}<br>${a(`${appUrl}${i.link}`, 'Open it')}</p>`,
    ),
    '<hr style="border:none;border-top:1px solid #e5e7eb">',
    `<p style="font-size:13px;color:#4b5563">${escapeHtml(why)} ${a(settingsUrl, 'Change what you get')} · ${a(input.unsubscribeUrl, stopText)}</p>`,
    ...(digest && kinds.length > 1
      ? [
          `<p style="font-size:13px;color:#4b5563">${kinds
            .map((k) => a(input.kindUnsubscribeUrls.get(k) ?? settingsUrl, `Stop “${label(k)}”`))
            .join(' · ')}</p>`,
        ]
      : []),
    '<p>The HomeFix Marketplace team</p></body></html>',
  ].join('');
  return { subject, text, html };
}

// A site visit's calendar invite and the mail that carries it (decision 0049). The invite is made with
// ical-generator: the start and end in UTC (no VTIMEZONE to go wrong in a calendar app), the job's time zone named
// in the description, the estimate's title and the city; the street address only in the invite sent from 24 hours
// before the visit (the reminder), never earlier. The same UID with a higher SEQUENCE updates the event in place.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { formatVisitTime, timeZoneName } from '#domain/site-visits';
import { escapeHtml } from '#server/lib/html';
import type { Mail } from '#server/modules/mail';

export interface InviteFacts {
  visitId: string;
  estimateId: string;
  estimateTitle: string;
  /** "Austin, TX". */
  city: string;
  /** The street address: given only when the visit is 24 hours away or less. */
  address: string | null;
  start: Date;
  end: Date;
  timeZone: string;
  customerName: string;
  providerName: string;
  /** 'confirmed' (at once, when a slot is chosen) or 'reminder' (24 hours before). */
  stage: 'confirmed' | 'reminder';
  appUrl: string;
  now: Date;
}

/** The place line of the invite: the address and city once given, else the city alone. */
const placeOf = (f: Pick<InviteFacts, 'address' | 'city'>) =>
  f.address?.trim() ? `${f.address.trim()}, ${f.city}` : f.city;

/** The .ics text of a visit. */
export function visitInvite(f: InviteFacts): string {
  const when = formatVisitTime(f.start, f.timeZone);
  const zone = `${f.timeZone} (${timeZoneName(f.start, f.timeZone)})`;
  const calendar = ical({
    prodId: { company: 'HomeFix', product: 'Site visits', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: 'HomeFix site visit',
  });
  calendar.createEvent({
    id: `site-visit-${f.visitId}@homefix`,
    sequence: f.stage === 'reminder' ? 1 : 0,
    stamp: f.now,
    start: f.start,
    end: f.end,
    summary: `Site visit: ${f.estimateTitle}`,
    location: placeOf(f),
    description: [
      `Site visit for "${f.estimateTitle}" in ${f.city}.`,
      `${when}. Times are in the job's time zone, ${zone}.`,
      `Customer: ${f.customerName}`,
      `Provider: ${f.providerName}`,
      f.address?.trim() ? `Address: ${placeOf(f)}.` : 'The street address is sent 24 hours before the visit.',
      `${f.appUrl}/estimates/${f.estimateId}`,
    ].join('\n'),
    url: `${f.appUrl}/estimates/${f.estimateId}`,
  });
  return calendar.toString();
}

/** The mail to one party, with the invite attached. */
export function visitMail(to: { email: string; firstName: string }, f: InviteFacts): Mail {
  const when = formatVisitTime(f.start, f.timeZone);
  const link = `${f.appUrl}/estimates/${f.estimateId}`;
  const subject =
    f.stage === 'confirmed'
      ? `Site visit booked: ${f.estimateTitle}, ${when}`
      : `Site visit tomorrow: ${f.estimateTitle}, ${when}`;
  const lines = [
    `Hi ${to.firstName.trim() || 'there'},`,
    '',
    f.stage === 'confirmed'
      ? `The site visit for "${f.estimateTitle}" in ${f.city} is booked for ${when}.`
      : `A reminder: the site visit for "${f.estimateTitle}" is ${when}.`,
    `Customer: ${f.customerName}`,
    `Provider: ${f.providerName}`,
    f.address?.trim()
      ? `Address: ${placeOf(f)}`
      : 'The street address comes with the reminder, 24 hours before the visit.',
    '',
    'The calendar invite is attached (site-visit.ics).',
    '',
    link,
    '',
    'The HomeFix Marketplace team',
  ];
  const p = (t: string) => `<p style="margin:0 0 16px">${t}</p>`;
  return {
    to: to.email,
    subject,
    text: lines.join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
      ...lines.filter((l) => l !== '' && l !== link).map((l) => p(escapeHtml(l))),
      p(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
      '</body></html>',
    ].join('\n'),
    attachments: [
      {
        filename: 'site-visit.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: visitInvite(f),
      },
    ],
  };
}

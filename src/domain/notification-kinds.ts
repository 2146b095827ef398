// The notification centre's kinds (decision 0043): every event someone is told of, who may receive it, how it is
// named on /settings, and what email it gets by default. The kinds are the keys of the email preferences; a kind
// that a later feature adds (visits, reviews, credentials) is added here by that feature.
import type { Role } from './permissions.ts';

export const notificationKinds = [
  /** New work in the provider's categories: a posted estimate or a public project. */
  'estimate_posted',
  /** The owner changed the title or description of a posted estimate the provider bid on. */
  'estimate_edited',
  /** A provider bid on the customer's posted estimate, or quoted a bid that had no quote. */
  'bid_received',
  /** A provider revised the quote of their bid. */
  'quote_revised',
  /** The customer hired the provider. */
  'bid_accepted',
  /** The customer hired another provider. */
  'bid_not_selected',
  /** The provider's quote passed its valid-until date unaccepted (our own kind, before the list). */
  'quote_expired',
  'job_schedule_proposed',
  'job_schedule_confirmed',
  'job_started',
  'job_completion_requested',
  'job_completed',
  'job_reopened',
  'job_cancelled',
  'change_order_proposed',
  /** Approved or declined. */
  'change_order_decided',
  /** An admin approved or denied the person's role request. */
  'role_request_reviewed',
  /** A message still unread 10 minutes after it arrived, while the receiver had no page open. */
  'message_unread',
  /** A completed job can be reviewed: at completion, and 3 days before the window closes, to whoever has not. */
  'review_requested',
  /** The job's reviews were published (both wrote, or the window closed). */
  'review_published',
  /** The reviewed party answered the person's review. */
  'review_answered',
  /** An admin approved or denied the provider's license or insurance (with the comment). */
  'credential_reviewed',
  /** A verified license or insurance expires in 30 or 7 days (its badge goes at the expiry). */
  'credential_expiring',
  /** A customer invited the provider, from the provider's public page, to bid on a posted estimate. */
  'invited_to_bid',
  /** A provider who bid proposed times for a site visit (decision 0049). */
  'site_visit_proposed',
  /** A slot was chosen: the visit is booked (its calendar invite is mailed apart, to both parties). */
  'site_visit_confirmed',
  /** The customer declined the proposed times. */
  'site_visit_declined',
  /** The other party cancelled the visit, or the customer hired another provider. */
  'site_visit_cancelled',
  /** The visit is in 24 hours (the reminder's invite with the street address is mailed apart). */
  'site_visit_reminder',
  /** The other party recorded that the person did not come, or disputed a no-show the person recorded. */
  'site_visit_no_show',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const isNotificationKind = (k: string): k is NotificationKind =>
  (notificationKinds as readonly string[]).includes(k);

/** What email a kind gets: at once (at most one per kind per 15 minutes), in the daily digest, or none. */
export const emailChoices = ['immediately', 'hourly', 'daily', 'off'] as const;
export type EmailChoice = (typeof emailChoices)[number];

export const emailChoiceLabels: Readonly<Record<EmailChoice, string>> = {
  immediately: 'Immediately',
  hourly: 'At most hourly',
  daily: 'Daily digest',
  off: 'Off',
};

/** The roles that can receive each kind (the /settings list shows a person their role's kinds). */
const CUSTOMER: readonly Role[] = ['customer'];
const PROVIDER: readonly Role[] = ['provider'];
const PARTIES: readonly Role[] = ['customer', 'provider'];

export interface NotificationKindInfo {
  /** The kind's line on /settings and in a mail's "why you got this". */
  label: string;
  /** Who may receive it. */
  audience: readonly Role[];
  /** Whether it waits on the person (a bid or quote to read, a confirmation to give): emailed immediately. */
  waitsOnYou: boolean;
  /**
   * Mailed apart, at once, whatever the person chose (a site visit's calendar invite): the in-app notification
   * gets no mail of its own and the kind is not on /settings.
   */
  mailedApart?: true;
}

export const notificationKindInfo: Readonly<Record<NotificationKind, NotificationKindInfo>> = {
  estimate_posted: { label: 'New work in your categories', audience: PROVIDER, waitsOnYou: false },
  estimate_edited: { label: 'A job you bid on was edited', audience: PROVIDER, waitsOnYou: false },
  bid_received: { label: 'A bid or quote received', audience: CUSTOMER, waitsOnYou: true },
  quote_revised: { label: 'A quote revised', audience: CUSTOMER, waitsOnYou: true },
  bid_accepted: { label: 'You were hired', audience: PROVIDER, waitsOnYou: true },
  bid_not_selected: { label: 'Another provider was hired', audience: PROVIDER, waitsOnYou: false },
  quote_expired: { label: 'Your quote expired', audience: PROVIDER, waitsOnYou: false },
  job_schedule_proposed: { label: 'A start date proposed', audience: PARTIES, waitsOnYou: true },
  job_schedule_confirmed: { label: 'A start date confirmed', audience: PARTIES, waitsOnYou: false },
  job_started: { label: 'Work started', audience: CUSTOMER, waitsOnYou: false },
  job_completion_requested: { label: 'Work marked done, to confirm', audience: CUSTOMER, waitsOnYou: true },
  job_completed: { label: 'Work confirmed done', audience: PARTIES, waitsOnYou: false },
  job_reopened: { label: 'Work sent back', audience: PROVIDER, waitsOnYou: false },
  job_cancelled: { label: 'A job cancelled', audience: PARTIES, waitsOnYou: false },
  change_order_proposed: { label: 'A change order to approve', audience: CUSTOMER, waitsOnYou: true },
  change_order_decided: { label: 'Your change order answered', audience: PROVIDER, waitsOnYou: false },
  role_request_reviewed: { label: 'Your role request reviewed', audience: PARTIES, waitsOnYou: false },
  message_unread: { label: 'A message waiting for you', audience: PARTIES, waitsOnYou: true },
  review_requested: { label: 'A finished job to review', audience: PARTIES, waitsOnYou: false },
  review_published: { label: 'Reviews of your job published', audience: PARTIES, waitsOnYou: false },
  review_answered: { label: 'An answer to your review', audience: PARTIES, waitsOnYou: false },
  credential_reviewed: { label: 'Your license or insurance checked', audience: PROVIDER, waitsOnYou: false },
  credential_expiring: {
    label: 'A license or insurance about to expire',
    audience: PROVIDER,
    waitsOnYou: true,
  },
  invited_to_bid: { label: 'A customer invited you to bid', audience: PROVIDER, waitsOnYou: true },
  site_visit_proposed: { label: 'Times proposed for a site visit', audience: CUSTOMER, waitsOnYou: true },
  site_visit_confirmed: {
    label: 'A site visit booked',
    audience: PARTIES,
    waitsOnYou: false,
    mailedApart: true,
  },
  site_visit_declined: { label: 'Your visit times declined', audience: PROVIDER, waitsOnYou: false },
  site_visit_cancelled: { label: 'A site visit cancelled', audience: PARTIES, waitsOnYou: true },
  site_visit_reminder: {
    label: 'A site visit tomorrow',
    audience: PARTIES,
    waitsOnYou: false,
    mailedApart: true,
  },
  site_visit_no_show: { label: 'A no-show recorded or disputed', audience: PARTIES, waitsOnYou: true },
};

/** The kinds a person of `role` can receive and choose the email of (/settings), in the list's order. */
export function kindsFor(role: Role): NotificationKind[] {
  return notificationKinds.filter(
    (k) => notificationKindInfo[k].audience.includes(role) && !notificationKindInfo[k].mailedApart,
  );
}

/** The choices offered for a kind: `hourly` only for new work (the Starter plan's promise). */
export function choicesFor(kind: NotificationKind): readonly EmailChoice[] {
  return kind === 'estimate_posted' ? emailChoices : ['immediately', 'daily', 'off'];
}

/**
 * The email a kind gets when the person chose nothing: immediately for what waits on them, daily for the rest;
 * new work as the plans promise it: featured plans (Deluxe, Enterprise) immediately, the others at most hourly.
 */
export function defaultEmailChoice(kind: NotificationKind, featuredPlan: boolean): EmailChoice {
  if (kind === 'estimate_posted') return featuredPlan ? 'immediately' : 'hourly';
  return notificationKindInfo[kind].waitsOnYou ? 'immediately' : 'daily';
}

/** A person's stored choices (only the kinds they changed) over the defaults: one choice per kind. */
export function effectiveEmailChoices(
  stored: Readonly<Partial<Record<string, string>>>,
  featuredPlan: boolean,
): Record<NotificationKind, EmailChoice> {
  const out = {} as Record<NotificationKind, EmailChoice>;
  for (const kind of notificationKinds) {
    const s = stored[kind];
    out[kind] =
      s !== undefined && (choicesFor(kind) as readonly string[]).includes(s)
        ? (s as EmailChoice)
        : defaultEmailChoice(kind, featuredPlan);
  }
  return out;
}

/** The job timeline's events (jobChanged `event`) and the kinds that tell the other party of them. */
export const jobEventKinds: Readonly<Record<string, NotificationKind>> = {
  scheduleProposed: 'job_schedule_proposed',
  scheduleConfirmed: 'job_schedule_confirmed',
  started: 'job_started',
  completionRequested: 'job_completion_requested',
  completed: 'job_completed',
  reopened: 'job_reopened',
  cancelled: 'job_cancelled',
  changeOrderProposed: 'change_order_proposed',
  changeOrderApproved: 'change_order_decided',
  changeOrderDeclined: 'change_order_decided',
};

/** At most one immediate mail per kind per person in this window; more wait and go out together. */
export const IMMEDIATE_WINDOW_MS = 15 * 60_000;
/** The hourly choice's window. */
export const HOURLY_WINDOW_MS = 60 * 60_000;
/** The daily digest's local hour. */
export const DAILY_DIGEST_HOUR = 8;
/** The time zone of a person whose ZIP code is unknown. */
export const DEFAULT_TIME_ZONE = 'America/New_York';
/** A message unread this long, with no page open, is told as message_unread. */
export const MESSAGE_UNREAD_AFTER_MS = 10 * 60_000;

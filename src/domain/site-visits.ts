// Site visits (decision 0049): a provider who bid on a posted estimate proposes up to three time slots for an
// on-site visit, the owner picks one or declines them all, either party may cancel, and after the slot has ended
// either may record that the other did not come (once; the other may dispute it). The rules here are pure and
// shared by the server (which enforces them) and the screens (which only offer what the server will accept).
// Times are instants (UTC); they are shown in the job's time zone, named ("Tue Dec 2, 9:00 AM EST").
import { timeZoneOffsetMs, zonedWallTime } from './dates.ts';
import { timeZoneOfZip } from './zip-time-zone.ts';
import { DEFAULT_TIME_ZONE } from './notification-kinds.ts';

export const siteVisitStatuses = ['proposed', 'confirmed', 'declined', 'cancelled', 'done'] as const;
export type SiteVisitStatus = (typeof siteVisitStatuses)[number];
/** A visit that still holds the provider's one open proposal on the estimate. */
export const openSiteVisitStatuses: readonly SiteVisitStatus[] = ['proposed', 'confirmed'];

export const SITE_VISIT_MAX_SLOTS = 3;
export const SITE_VISIT_MIN_MINUTES = 30;
export const SITE_VISIT_MAX_MINUTES = 240;
/** A slot starts within this many days of the proposal. */
export const SITE_VISIT_WINDOW_DAYS = 60;
/** The street address is given (the reminder's invite) from this long before the visit. */
export const SITE_VISIT_ADDRESS_BEFORE_MS = 24 * 60 * 60_000;
/** The reminder goes this long before the visit. */
export const SITE_VISIT_REMINDER_BEFORE_MS = 24 * 60 * 60_000;
export const SITE_VISIT_NOTE_MAX = 500;

export type SiteVisitSide = 'customer' | 'provider';

export interface SiteVisitSlot {
  /** An ISO 8601 instant. */
  start: string;
  minutes: number;
}

export const SITE_VISIT_MESSAGES = {
  slotsCount: `Propose 1 to ${SITE_VISIT_MAX_SLOTS} time slots`,
  minutes: `A visit lasts ${SITE_VISIT_MIN_MINUTES} to ${SITE_VISIT_MAX_MINUTES} minutes`,
  start: 'Enter a start date and time',
  past: 'A visit must start in the future',
  tooFar: `A visit must start within the next ${SITE_VISIT_WINDOW_DAYS} days`,
  duplicate: 'Two slots start at the same time',
  notFound: 'Site visit not found',
  estimateNotFound: 'Estimate not found',
  openExists: 'You already have an open visit proposal on this job: cancel it first',
  notPosted: 'Visits can be proposed only on a posted job',
  notProposed: 'This visit is no longer waiting for an answer',
  notOpen: 'This visit is no longer open',
  slot: 'Choose one of the proposed slots',
  ownerOnly: 'Only the customer who posted the job can answer a visit proposal',
  notEnded: 'A no-show can be recorded only after the visit has ended',
  notConfirmed: 'Only a confirmed visit can have a no-show',
  noShowExists: 'A no-show has already been recorded for this visit',
  noNoShow: 'There is no no-show to dispute',
  notAccused: 'Only the party said not to have come can dispute the no-show',
  disputed: 'This no-show has already been disputed',
  reason: 'Say why you cancel',
  disputeNote: 'Say what happened',
  cancelledByHire: 'The customer hired another provider',
  cancelledByWithdrawal: 'The provider withdrew their bid',
  cancelledByUnpost: 'The customer unposted the job',
  cancelledByClose: 'The customer closed the job',
  cancelledByDelete: 'The customer deleted the job',
  cancelledByJobCancel: 'The job was cancelled',
  customerAccountClosed: 'The customer closed their account',
  providerAccountClosed: 'The provider closed their account',
  expired: 'No time was chosen before the proposed times passed',
} as const;

/** Field errors of proposed slots at `now` (keys `slots`, `slots.0.start`, `slots.1.minutes`…); empty when fine. */
export function slotProblems(slots: readonly SiteVisitSlot[], now: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  if (slots.length < 1 || slots.length > SITE_VISIT_MAX_SLOTS) {
    problems.slots = SITE_VISIT_MESSAGES.slotsCount;
    return problems;
  }
  const latest = now.getTime() + SITE_VISIT_WINDOW_DAYS * 86_400_000;
  const seen = new Set<number>();
  slots.forEach((s, i) => {
    const t = Date.parse(s.start);
    if (
      !Number.isInteger(s.minutes) ||
      s.minutes < SITE_VISIT_MIN_MINUTES ||
      s.minutes > SITE_VISIT_MAX_MINUTES
    ) {
      problems[`slots.${i}.minutes`] = SITE_VISIT_MESSAGES.minutes;
    }
    if (Number.isNaN(t)) problems[`slots.${i}.start`] = SITE_VISIT_MESSAGES.start;
    else if (t <= now.getTime()) problems[`slots.${i}.start`] = SITE_VISIT_MESSAGES.past;
    else if (t > latest) problems[`slots.${i}.start`] = SITE_VISIT_MESSAGES.tooFar;
    else if (seen.has(t)) problems[`slots.${i}.start`] = SITE_VISIT_MESSAGES.duplicate;
    seen.add(t);
  });
  return problems;
}

/** The end of a slot. */
export const slotEnd = (slot: SiteVisitSlot): Date =>
  new Date(Date.parse(slot.start) + slot.minutes * 60_000);

/** What a visit's rules look at. */
export interface SiteVisitFacts {
  status: SiteVisitStatus;
  /** The chosen slot's end (null until one is chosen). */
  endsAt: string | null;
  noShow: { party: SiteVisitSide; disputed: boolean } | null;
}

/** The owner may choose a slot or decline while the visit is proposed. */
export const canAnswer = (v: SiteVisitFacts, side: SiteVisitSide) =>
  side === 'customer' && v.status === 'proposed';

/** Either party may cancel an open visit (proposed, or confirmed and not yet started). */
export const canCancel = (v: SiteVisitFacts) => v.status === 'proposed' || v.status === 'confirmed';

/** After a confirmed visit's slot has ended, either party may record the other's no-show, once. */
export const canRecordNoShow = (v: SiteVisitFacts, now: Date) =>
  (v.status === 'confirmed' || v.status === 'done') &&
  v.endsAt !== null &&
  Date.parse(v.endsAt) <= now.getTime() &&
  v.noShow === null;

/** The party said not to have come may dispute it, once. */
export const canDispute = (v: SiteVisitFacts, side: SiteVisitSide) =>
  v.noShow !== null && v.noShow.party === side && !v.noShow.disputed;

/** The other side. */
export const otherSide = (s: SiteVisitSide): SiteVisitSide => (s === 'customer' ? 'provider' : 'customer');

/**
 * The IANA time zone of each state (and DC, Puerto Rico): where a state spans two zones, the zone of most of its
 * people. Only the fallback when a job has no ZIP code.
 */
const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DC: 'America/New_York',
  DE: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  PR: 'America/Puerto_Rico',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** The zone of a two-letter state code, or null. */
export const timeZoneOfState = (state: string | null | undefined): string | null =>
  STATE_TIME_ZONES[(state ?? '').trim().toUpperCase()] ?? null;

/** Where a job is, as its time zone is decided. */
export interface JobPlace {
  /** The ZIP code data's zone of `zipCode` (GET /api/geo/zip), when the ZIP code is known to it. */
  zipTimeZone?: string | null | undefined;
  zipCode: string | null;
  state: string | null;
  /** The pricing region's "City, ST" label. */
  regionLabel: string | null;
}

/**
 * The job's time zone: the ZIP code data's zone of its ZIP code, else the ZIP code prefix's, else its state's (the
 * estimate's, else its region's), else the default. The one place this is decided (decision 0049): the server
 * when a visit is proposed and the form that reads the provider's typed times call it with the same place.
 */
export function jobTimeZone(place: JobPlace): string {
  const regionState = /,\s*([A-Za-z]{2})\s*$/.exec(place.regionLabel ?? '')?.[1] ?? null;
  return (
    place.zipTimeZone ??
    timeZoneOfZip(place.zipCode) ??
    timeZoneOfState(place.state) ??
    timeZoneOfState(regionState) ??
    DEFAULT_TIME_ZONE
  );
}

/** The zone's short name at `at` ("EST", "EDT", "MST"; "GMT-4" where the zone has no abbreviation in English). */
export function timeZoneName(at: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * "Tue Dec 2, 9:00 AM EST": an instant as the clock reads in `timeZone`, with the zone's name. Depends only on
 * its arguments, never on the process's or the browser's time zone.
 */
export function formatVisitTime(instant: string | Date, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return '';
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = DEFAULT_TIME_ZONE;
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('month')} ${get('day')}, ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()} ${timeZoneName(at, zone)}`;
}

/** "Tue Dec 2, 9:00 AM EST (1 h 30 min)". */
export function formatVisitSlot(slot: SiteVisitSlot, timeZone: string): string {
  const h = Math.floor(slot.minutes / 60);
  const m = slot.minutes % 60;
  const length = [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
  return `${formatVisitTime(slot.start, timeZone)} (${length})`;
}

/**
 * The instant of a wall-clock time typed in the job's zone ("2026-12-02T09:00", as a datetime-local input gives
 * it), or null when it is not one.
 */
export function wallTimeToInstant(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return zonedWallTime(wall, timeZone);
}

/** The instant as a datetime-local value in `timeZone` ("2026-12-02T09:00"). */
export function instantToWallTime(instant: string | Date, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return new Date(at.getTime() + timeZoneOffsetMs(at, timeZone)).toISOString().slice(0, 16);
}

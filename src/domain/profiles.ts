// Public pro profiles: the page's address and the badges of verified credentials. Pure rules shared by the server
// (which renders the page, redirects old addresses and hides a lapsed badge) and the screens (which link to it and
// print the badges). A badge says what was checked, when, and until when, and lapses on its own at expiry: whether
// it shows is computed from the date, never left to a job that might not run.
import { slugKey } from './catalog/home-repair.ts';
import { publicName } from './format.ts';

/** The slug of a pro's page: their company name, or their first name and last initial without one. */
export function proSlug(p: { companyName: string | null; firstName: string; lastName: string }): string {
  const company = p.companyName?.trim();
  const slug = slugKey(company ? company : publicName(p.firstName, p.lastName));
  return slug || 'pro';
}

/** The current address of a pro's page: /pros/{id}-{slug}. */
export const proPath = (id: string, slug: string) => `/pros/${id}-${slug}`;

const UUID_PREFIX = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-(.*))?$/i;

/**
 * The id and the slug of a /pros/ address's last segment ("{id}-{slug}", or "{id}" alone); null when it does not
 * start with an id. The slug is what the address says (it may be old: the server answers 301 to the current one).
 */
export function parseProSegment(segment: string): { id: string; slug: string | null } | null {
  const m = UUID_PREFIX.exec(segment);
  if (!m) return null;
  return { id: m[1]!.toLowerCase(), slug: m[2] ? m[2] : null };
}

export const credentialKinds = ['license', 'insurance'] as const;
export type CredentialKind = (typeof credentialKinds)[number];
export const credentialStatuses = ['pending', 'approved', 'denied'] as const;
export type CredentialStatus = (typeof credentialStatuses)[number];

/** The provider is reminded this many days before a credential's expiry, once each. */
export const CREDENTIAL_REMINDER_DAYS = [30, 7] as const;
/** A denied or expired credential's document is deleted this many days later. */
export const CREDENTIAL_DOCUMENT_KEEP_DAYS = 90;

/** A verified credential as a badge shows it (dates YYYY-MM-DD; the coverage in dollars). */
export interface Badge {
  kind: CredentialKind;
  state: string | null;
  number: string | null;
  trade: string | null;
  coverageAmount: number | null;
  expiresOn: string;
  verifiedAt: string;
}

/**
 * Whether a credential shows as a badge on `today` (YYYY-MM-DD in the viewer's calendar): approved, and valid
 * through its expiry date. The day after expiresOn it is gone.
 */
export function badgeActive(c: { status: CredentialStatus; expiresOn: string }, today: string): boolean {
  return c.status === 'approved' && today <= c.expiresOn;
}

const wholeDollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/**
 * The badge's words: "Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2027-08-31", or "Insured:
 * $1,000,000 general liability, checked 2026-11-26, valid until 2027-08-31".
 */
export function badgeText(b: Badge): string {
  const checked = `checked ${b.verifiedAt.slice(0, 10)}, valid until ${b.expiresOn}`;
  if (b.kind === 'license') {
    const where = [b.state, b.number ? `#${b.number}` : null].filter(Boolean).join(' ');
    return `Licensed: ${where}, ${checked}`;
  }
  return `Insured: ${wholeDollars(b.coverageAmount ?? 0)} general liability, ${checked}`;
}

/** The reminder days still ahead of a credential expiring on `expiresOn`, as the dates they are due (YYYY-MM-DD). */
export function credentialReminderDates(expiresOn: string): string[] {
  const end = Date.parse(`${expiresOn}T00:00:00Z`);
  return CREDENTIAL_REMINDER_DAYS.map((d) => new Date(end - d * 86_400_000).toISOString().slice(0, 10));
}

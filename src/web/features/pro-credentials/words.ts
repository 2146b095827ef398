// What the credentials and portfolio screens say about a credential or a photo, from the API's answers.
import { badgeText } from '#domain/profiles';
import type { Credential } from '#domain/schemas/pro-profile.schema';
import { stateName } from './us-states.ts';

/** Today in the viewer's calendar, YYYY-MM-DD (a badge shows through its expiry date). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day after `ymd`, YYYY-MM-DD: the earliest expiry the upload form accepts. */
export function dayAfter(ymd: string): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export type CredentialState = 'pending' | 'verified' | 'denied' | 'expired';

/** Where a credential stands for its owner: a lapsed expiry wins over the review's outcome. */
export function credentialState(c: Credential, today: string): CredentialState {
  if (c.badgeActive) return 'verified';
  if (c.expiresOn < today) return 'expired';
  if (c.status === 'denied') return 'denied';
  if (c.status === 'approved') return 'expired';
  return 'pending';
}

/** The status in words: "Waiting for review", "Verified — shows as a badge until 2027-08-31", … */
export function credentialStatusText(c: Credential, today: string): string {
  switch (credentialState(c, today)) {
    case 'verified':
      return `Verified — shows as a badge until ${c.expiresOn}`;
    case 'denied':
      return c.reviewComment ? `Not accepted: ${c.reviewComment}` : 'Not accepted';
    case 'expired':
      return 'Expired';
    default:
      return 'Waiting for review';
  }
}

/** "Florida license #CGC1234567" or "Insurance policy PL-889 (Acme Mutual)". */
export function credentialTitle(
  c: Pick<Credential, 'kind' | 'state' | 'number' | 'insurer' | 'policyNumber'>,
) {
  if (c.kind === 'license') return `${stateName(c.state) ?? ''} license #${c.number ?? ''}`.trim();
  return `Insurance policy ${c.policyNumber ?? ''}${c.insurer ? ` (${c.insurer})` : ''}`;
}

/** The badge's words for an active credential (its approval time as the check date). */
export function credentialBadgeText(c: Credential): string | null {
  if (!c.badgeActive || !c.reviewedAt) return null;
  return badgeText({
    kind: c.kind,
    state: c.state,
    number: c.number,
    trade: c.trade,
    coverageAmount: c.coverageAmount,
    expiresOn: c.expiresOn,
    verifiedAt: c.reviewedAt,
  });
}

/** "1.2 MB", "840 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "PDF", "JPEG", "PNG". */
export function documentKind(type: string): string {
  if (type === 'application/pdf') return 'PDF';
  if (type === 'image/png') return 'PNG';
  if (type === 'image/jpeg') return 'JPEG';
  return 'file';
}

/** "2026-03" as "March 2026". */
export function monthText(ym: string): string {
  const d = new Date(`${ym.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return ym;
  return d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "$1,000,000". */
export const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** The credential documents the upload takes, by their content type and their file name's ending. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
const DOCUMENT_ENDINGS = /\.(pdf|jpe?g|png)$/i;

/**
 * The browser's first look at a chosen document: its size and its type (the server reads the type from the
 * content and decides). Null when it may go; else the message under the field.
 */
export function documentProblem(file: File | null, maxBytes: number): string | null {
  if (!file) return 'Choose the document: a PDF, JPEG or PNG file';
  const typed = (DOCUMENT_TYPES as readonly string[]).includes(file.type);
  if (!typed && !(file.type === '' && DOCUMENT_ENDINGS.test(file.name))) {
    return 'The document must be a PDF, JPEG or PNG file';
  }
  if (file.size > maxBytes) return `The document must be at most ${Math.round(maxBytes / (1024 * 1024))} MB`;
  if (file.size === 0) return 'The file is empty';
  return null;
}

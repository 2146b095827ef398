// The Audit Log's Details column in words: what each kind of entry the server writes did ("Plan: Starter →
// Deluxe."), never the stored JSON. Who acted and on whom have their own columns, so their names are left out here.
import { countOf } from '#domain/count-words';
import { formatAdminDate } from '#domain/format';

type Details = Record<string, unknown>;

const roleNames: Record<string, string> = {
  customer: 'Customer',
  provider: 'Service Provider',
  admin: 'Admin',
};
const planNames: Record<string, string> = {
  free: 'Free',
  starter: 'Starter',
  deluxe: 'Deluxe',
  enterprise: 'Enterprise',
  premium: 'Premium',
};
const fieldNames: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  role: 'Role',
  adminExpiresAt: 'Admin until',
  subscriptionPlan: 'Plan',
};
/** Kept in the details for the other columns (and for entries whose people are gone). */
const shownElsewhere = new Set(['adminName', 'adminEmail', 'targetUserName', 'targetUserEmail']);

const isRecord = (v: unknown): v is Details => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const role = (v: unknown) => roleNames[String(v)] ?? (text(v) || 'none');

/** "firstName" and "recordsRemoved" as "First name" and "Records removed". */
function fieldName(key: string): string {
  if (fieldNames[key]) return fieldNames[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function value(key: string, v: unknown, timeZone: string): string {
  if (v === null || v === undefined || v === '') return key === 'adminExpiresAt' ? 'no end date' : 'none';
  if (key === 'role' || key.endsWith('Role')) return role(v);
  if (key === 'subscriptionPlan' || key.endsWith('Plan')) return planNames[String(v)] ?? String(v);
  if (key.endsWith('At') && typeof v === 'string') return formatAdminDate(v, timeZone) || v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  if (Array.isArray(v)) return v.map((x) => value('', x, timeZone)).join(', ');
  if (isRecord(v)) {
    return Object.entries(v)
      .map(([k, x]) => `${fieldName(k)} ${value(k, x, timeZone)}`)
      .join(', ');
  }
  return String(v);
}

/** "First name: Ann → Anna." for each field of `changes` ({ field: { from, to } }). */
function changeSentences(changes: unknown, timeZone: string): string[] {
  if (!isRecord(changes)) return [];
  return Object.entries(changes).map(([key, c]) => {
    const { from, to } = isRecord(c) ? c : { from: undefined, to: c };
    return `${fieldName(key)}: ${value(key, from, timeZone)} → ${value(key, to, timeZone)}.`;
  });
}

const comment = (d: Details) => {
  const c = text(d.adminComment);
  return c ? [`Comment: “${c}”`] : [];
};

/** Whatever an entry holds that the sentences above did not say, as "Label: value." (never JSON). */
function rest(d: Details, said: readonly string[], timeZone: string): string[] {
  return Object.entries(d)
    .filter(([k, v]) => !said.includes(k) && !shownElsewhere.has(k) && v !== undefined)
    .map(([k, v]) => `${fieldName(k)}: ${value(k, v, timeZone)}.`);
}

/** The Details column of one audit entry, in sentences. */
export function describeAuditDetails(actionType: string, details: Details, timeZone: string): string {
  const d = details;
  const lines: string[] = [];
  let said: string[] = [];
  switch (actionType) {
    case 'Edit User':
    case 'Change Subscription':
      lines.push(...changeSentences(d.changes, timeZone));
      said = ['changes'];
      break;
    case 'Change Role':
      if (d.decision === 'approved') {
        lines.push(`Role: ${role(d.fromRole)} → ${role(d.toRole)}, on their request.`, ...comment(d));
        said = ['decision', 'fromRole', 'toRole', 'requestedRole', 'adminComment', 'roleRequestId'];
      } else if (isRecord(d.changes)) {
        lines.push(...changeSentences(d.changes, timeZone));
        said = ['changes', 'fromRole', 'toRole'];
      } else {
        lines.push(`Role: ${role(d.fromRole)} → ${role(d.toRole)}.`);
        said = ['fromRole', 'toRole'];
      }
      break;
    case 'Review Role Request':
      lines.push(
        d.decision === 'denied'
          ? `Denied their request to become ${role(d.requestedRole)}.`
          : `Reviewed their request to become ${role(d.requestedRole)}: ${value('', d.decision, timeZone)}.`,
        ...comment(d),
      );
      said = ['decision', 'fromRole', 'toRole', 'requestedRole', 'adminComment', 'roleRequestId'];
      break;
    case 'Delete User':
      if (d.by === 'self') lines.push('Closed their own account: personal data redacted, records kept.');
      else if (d.mode === 'hard') {
        const n = typeof d.recordsRemoved === 'number' ? d.recordsRemoved : null;
        lines.push(
          n === null
            ? 'Hard deleted: the account and all of its data removed.'
            : `Hard deleted: the account and all of its data removed (${countOf(n, 'record')}).`,
        );
        if (d.wasSoftDeleted === true) lines.push('It had been soft deleted before.');
      } else lines.push('Soft deleted: signed out, personal data redacted, estimates and messages kept.');
      said = ['mode', 'by', 'reason', 'recordsRemoved', 'wasSoftDeleted'];
      break;
    case 'Sign Out Everywhere':
      lines.push(
        d.keptOwnSession === true
          ? 'Signed out of every other device (the admin’s own session kept).'
          : 'Signed out of every device.',
      );
      said = ['keptOwnSession'];
      break;
    case 'Reset Two-Step Verification':
      lines.push('Two-step verification switched off and every session ended.');
      break;
  }
  lines.push(...rest(d, said, timeZone));
  return lines.join(' ') || '—';
}

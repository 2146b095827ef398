// Dates and labels the account screens show.
import { toDate, type DateInput } from '#domain/dates';
import type { Role } from '#domain/permissions';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Jan 5, 2026", or an em dash for a missing or unreadable date. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? dateFormat.format(d) : '—';
}

export const roleLabels: Readonly<Record<Role, string>> = {
  customer: 'Customer',
  provider: 'Service Provider',
  admin: 'Admin',
};

/** The messaging limit choices: 5, 10, 20 (default) or unlimited (null). */
export const messageLimitChoices = [
  { value: '5', limit: 5, label: '5 providers' },
  { value: '10', limit: 10, label: '10 providers' },
  { value: '20', limit: 20, label: '20 providers', note: 'Default' },
  { value: 'unlimited', limit: null, label: 'Unlimited' },
] as const;

/** The longest value each profile field takes (the bounds of src/domain/schemas/profile.schema.ts). */
export const fieldMaxLength = {
  firstName: 100,
  lastName: 100,
  phone: 30,
  address: 200,
  city: 100,
  state: 50,
  zipCode: 20,
  companyName: 200,
} as const;

/** The longest role request reason (src/domain/schemas/role-request.schema.ts). */
export const REASON_MAX_LENGTH = 1000;

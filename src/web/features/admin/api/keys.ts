// Query keys of the admin console: every admin read starts with ADMIN_KEY so a change can refresh them all.
export const ADMIN_KEY = ['admin'] as const;
export const ADMIN_USERS_KEY = [...ADMIN_KEY, 'users'] as const;
export const AUDIT_LOG_KEY = [...ADMIN_KEY, 'logs'] as const;
export const ADMIN_ROLE_REQUESTS_KEY = [...ADMIN_KEY, 'role-requests'] as const;
export const VISITS_KEY = [...ADMIN_KEY, 'visits'] as const;
export const CLEANUP_KEY = [...ADMIN_KEY, 'cleanup'] as const;
export const ADMIN_REVIEWS_KEY = [...ADMIN_KEY, 'reviews'] as const;
export const ADMIN_CREDENTIALS_KEY = [...ADMIN_KEY, 'credentials'] as const;

/** The admin's own time zone: the day a date filter names starts and ends there. */
export function adminTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A query string from the defined, non-empty values. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

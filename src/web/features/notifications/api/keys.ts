// Query keys of the notification centre. Every list (the bell's latest, the /notifications pages, the dashboard's)
// sits under NOTIFICATION_LISTS_KEY, so a push or a read refreshes them all and nothing else.
import { NOTIFICATIONS_QUERY_KEY } from '#web/lib/query-client.ts';

export const NOTIFICATION_LISTS_KEY = [...NOTIFICATIONS_QUERY_KEY, 'list'] as const;
export const LATEST_NOTIFICATIONS_KEY = [...NOTIFICATION_LISTS_KEY, 'latest'] as const;
export const NOTIFICATION_SETTINGS_KEY = [...NOTIFICATIONS_QUERY_KEY, 'settings'] as const;
export const NOTIFICATION_PREFERENCES_KEY = [...NOTIFICATIONS_QUERY_KEY, 'preferences'] as const;
/** Under the admin console's key, so its refreshes take the Mail tab along. */
export const ADMIN_MAIL_KEY = ['admin', 'mail'] as const;

/** The bell's panel lists this many; its query also carries the unread count every badge shows. */
export const LATEST_COUNT = 10;

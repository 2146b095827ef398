// Authorization rows of src/server/modules/notifications: a provider's own notifications and email switch.
// Every provider has them (a free provider is told nothing new, but may read an empty list and the switch);
// customers and admins are refused, anonymous callers 401.
import { onlyRoles, type Row } from './table.ts';

const providers = onlyRoles('provider');

export const notificationsRows: Row[] = [
  { route: 'GET /api/notifications', expect: providers },
  {
    route: 'POST /api/notifications/read',
    request: () => ({ payload: {} }),
    note: "without ids: marks all of the caller's own unread ones",
    expect: providers,
  },
  { route: 'GET /api/notifications/settings', expect: providers },
  {
    route: 'PUT /api/notifications/settings',
    request: () => ({ payload: { emailNotifications: true } }),
    expect: providers,
  },
];

// Parts of this feature other features show, each loaded on first render: the provider dashboard's card, the
// old email switch on /provider/settings, and the email choices per kind on /settings.
import { lazy } from 'react';

export const LazyNotificationsPanel = lazy(async () => ({
  default: (await import('./components/NotificationsPanel.tsx')).NotificationsPanel,
}));

export const LazyNotificationSettings = lazy(async () => ({
  default: (await import('./components/NotificationSettingsCard.tsx')).NotificationSettingsCard,
}));

export const LazyNotificationPreferences = lazy(async () => ({
  default: (await import('./components/NotificationPreferencesSection.tsx')).NotificationPreferencesSection,
}));

// Parts of this feature other features show (the provider dashboard's notifications and overview, the
// notification settings on /provider/settings), each loaded on first render.
import { lazy } from 'react';

export const LazyProviderOverview = lazy(async () => ({
  default: (await import('./components/ProviderOverview.tsx')).ProviderOverview,
}));

export const LazyNotificationSettings = lazy(async () => ({
  default: (await import('./components/NotificationSettingsCard.tsx')).NotificationSettingsCard,
}));

export const LazyNotificationsPanel = lazy(async () => ({
  default: (await import('./components/NotificationsPanel.tsx')).NotificationsPanel,
}));

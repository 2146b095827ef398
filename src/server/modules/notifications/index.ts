// Notifications: what providers are told (new posted work, accepted bids), in the app and by email digest.
export { createNotificationsService, type NotificationsService } from './notifications.service.ts';

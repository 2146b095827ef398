// The notification centre: what each person is told of every event, in the app (the bell, /notifications) and by
// email as they chose per kind, with one-click unsubscribe (decisions 0021, 0043).
export { createNotificationsService, type NotificationsService } from './notifications.service.ts';
/** A person's signed unsubscribe token (for tests that call the unsubscribe pages without a mail). */
export { newUnsubscribeKey, signUnsubscribe } from './unsubscribe-token.ts';

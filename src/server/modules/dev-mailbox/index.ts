// The development outbox page (not in production).
export { devMailboxRoutes } from './dev-mailbox.routes.ts';

// The development outbox page (loopback development only; devMailboxStatus says where or why not).
export { devMailboxRoutes, devMailboxStatus, type DevMailboxStatus } from './dev-mailbox.routes.ts';

// The development outbox page's front door: whether this configuration serves it, and where or why not.
export { devMailboxStatus, type DevMailboxStatus } from './dev-mailbox.status.ts';

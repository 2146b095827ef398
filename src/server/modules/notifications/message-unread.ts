// message_unread (decision 0043): a message still unread MESSAGE_UNREAD_AFTER_MS after it arrived, while its
// receiver has no page of the app open, is told to the receiver as a notification (and so by mail, as they chose).
import type { AppContext } from '#server/context';

/** Registers the scheduling of the check with each message and its handler. */
export function registerMessageUnread(_ctx: Pick<AppContext, 'db' | 'events' | 'work' | 'now'>): void {
  // Built with the centre's message kind.
}

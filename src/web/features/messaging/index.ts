// The messaging feature's front door: its route rows, the realtime mount (the socket code loads lazily after
// sign-in), the unread badge and count, the Connected / Offline indicator and a lazy thread for dialogs.
import { lazy } from 'react';

export { messagingRoutes } from './routes.tsx';
export { LiveMessaging } from './components/LiveMessaging.tsx';
export { UnreadBadge } from './components/UnreadBadge.tsx';
export { useUnreadCount } from './api/get-unread-count.ts';
export { useConversations, type Conversation } from './api/get-conversations.ts';
export { useConnectionStatus } from './realtime/status.ts';
export { LazyRecentConversations as RecentConversations } from './components/LazyRecentConversations.tsx';
export { ConnectionIndicator } from './components/ConnectionIndicator.tsx';

/** The thread and composer of one conversation, in its own chunk (message dialogs). */
export const LazyConversationThread = lazy(async () => ({
  default: (await import('./components/ConversationThread.tsx')).ConversationThread,
}));

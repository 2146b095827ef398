// Messaging between customers and providers: the conversation list and one conversation, open to any signed-in
// user. Each screen is its own lazy chunk.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { SIGNED_IN, type AppRoute } from '#web/lib/routing.ts';

const MessagesPage = lazyScreen(() => import('./components/MessagesPage.tsx'), 'MessagesPage');
const ConversationPage = lazyScreen(() => import('./components/ConversationPage.tsx'), 'ConversationPage');

export const messagingRoutes: readonly AppRoute[] = [
  { path: '/messages', component: MessagesPage, access: SIGNED_IN, layout: 'app', title: 'Messages' },
  {
    path: '/messages/:estimateId/:userId',
    component: ConversationPage,
    access: SIGNED_IN,
    layout: 'app',
    title: 'Conversation',
  },
  {
    path: '/provider/messages',
    component: MessagesPage,
    access: SIGNED_IN,
    layout: 'app',
    title: 'Messages',
  },
  {
    path: '/provider/messages/:estimateId/:userId',
    component: ConversationPage,
    access: SIGNED_IN,
    layout: 'app',
    title: 'Conversation',
  },
];

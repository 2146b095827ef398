// Messaging between customers and providers (spec part 1 section 2, Messaging screens), open to any signed-in user.
// Not built yet: each row shows a coming-soon page until its screen lands here.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { SIGNED_IN, type AppRoute } from '#web/lib/routing.ts';

export const messagingRoutes: readonly AppRoute[] = [
  {
    path: '/messages',
    component: comingSoon('Messages'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Messages',
  },
  {
    path: '/messages/:estimateId/:userId',
    component: comingSoon('Conversation', 'Messaging'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Conversation',
  },
  {
    path: '/provider/messages',
    component: comingSoon('Messages'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Messages',
  },
  {
    path: '/provider/messages/:estimateId/:userId',
    component: comingSoon('Conversation', 'Messaging'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Conversation',
  },
];

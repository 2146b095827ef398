// Every feature module, registered in this order. Each is imported through its front door (index.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from '#server/modules/system';
import { visitsRoutes } from '#server/modules/visits';
import { authRoutes } from '#server/modules/auth';
import { devicesRoutes } from '#server/modules/devices';
import { devMailboxRoutes } from '#server/modules/dev-mailbox';
import { projectsRoutes } from '#server/modules/projects';
import { usersRoutes } from '#server/modules/users';
import { accountsRoutes } from '#server/modules/accounts';
import { roleRequestsRoutes } from '#server/modules/role-requests';
import { subscriptionsRoutes } from '#server/modules/subscriptions';
import { estimatesRoutes } from '#server/modules/estimates';
import { adminRoutes } from '#server/modules/admin';
import { messagingRoutes } from '#server/modules/messaging';
import { bidsRoutes } from '#server/modules/bids';
import { notificationsRoutes } from '#server/modules/notifications';

export const modules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  visitsRoutes,
  authRoutes,
  devicesRoutes,
  devMailboxRoutes,
  projectsRoutes,
  usersRoutes,
  accountsRoutes,
  roleRequestsRoutes,
  subscriptionsRoutes,
  estimatesRoutes,
  adminRoutes,
  messagingRoutes,
  bidsRoutes,
  notificationsRoutes,
];

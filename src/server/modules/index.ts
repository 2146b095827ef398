import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system/system.routes.ts';
import { visitsRoutes } from './visits/visits.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { devMailboxRoutes } from './dev-mailbox/dev-mailbox.routes.ts';

/** Every feature module, registered in this order. */
export const modules: FastifyPluginAsyncZod[] = [systemRoutes, visitsRoutes, authRoutes, devMailboxRoutes];

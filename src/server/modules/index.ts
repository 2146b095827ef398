import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system/system.routes.ts';
import { visitsRoutes } from './visits/visits.routes.ts';

/** Every feature module, registered in this order. */
export const modules: FastifyPluginAsyncZod[] = [systemRoutes, visitsRoutes];

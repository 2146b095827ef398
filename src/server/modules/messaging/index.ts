// Messaging: conversations about an estimate over REST and the /ws channel, fanned out across instances.
export { messagingRoutes, type MessagingOptions } from './messaging.routes.ts';
export { medianFirstResponseSeconds } from './messaging.repo.ts';
/** The provider's customers this month (the dashboard's count): the plan-usage module's one count. */
export { customersContactedSince as customersStartedSince } from '#server/modules/plan-usage';

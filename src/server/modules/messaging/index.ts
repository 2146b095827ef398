// Messaging: conversations about an estimate over REST and the /ws channel, fanned out across instances.
export { messagingRoutes, type MessagingOptions } from './messaging.routes.ts';

// The subscriptions module's front door: the plan change route, and the service other features call to change
// a plan under the same rules (the provider upgrade dialog, the plan pages).
export { subscriptionsRoutes } from './subscriptions.routes.ts';
export {
  createSubscriptionService,
  subscriptionMessages,
  type PlanChange,
  type SubscriptionService,
} from './subscriptions.service.ts';
export { simulatedPayments, type ChargeRequest, type PaymentProcessor } from './payments.ts';

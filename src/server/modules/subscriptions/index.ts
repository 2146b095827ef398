// The subscriptions module's front door: the service that changes a plan under the plan rules, and the simulated
// payments it charges through.
export {
  createSubscriptionService,
  subscriptionMessages,
  type PlanChange,
  type SubscriptionService,
} from './subscriptions.service.ts';
export { simulatedPayments, type ChargeRequest, type PaymentProcessor } from './payments.ts';

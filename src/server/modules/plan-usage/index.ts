// The plan-usage module's front door: counts shared by the features that draw on one customer plan allowance.
export { countPostedSince } from './plan-usage.repo.ts';

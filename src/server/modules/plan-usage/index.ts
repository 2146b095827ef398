// The plan-usage module's front door: counts shared by the features that draw on one plan allowance.
export {
  countPostedSince,
  customersContactedSince,
  lockProviderContacts,
  providerContactsLock,
} from './plan-usage.repo.ts';

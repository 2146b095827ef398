// Parts of this feature other features show (the customer dashboard's overview). Each loads when it first
// renders, so the catalogue and pricing never reach the entry chunk through this front door.
import { lazy } from 'react';

export const LazyCustomerOverview = lazy(async () => ({
  default: (await import('./components/CustomerOverview.tsx')).CustomerOverview,
}));

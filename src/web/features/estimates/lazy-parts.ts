// Parts of this feature other features show (the customer dashboard's overview). Each loads when it first
// renders, so the catalogue and pricing never reach the entry chunk through this front door.
import { lazy } from 'react';

export const LazyCustomerOverview = lazy(async () => ({
  default: (await import('./components/CustomerOverview.tsx')).CustomerOverview,
}));

/** The message dialog about a posted estimate (the provider's posted-estimates screen opens it after a bid). */
export const LazyMessageDialog = lazy(async () => ({
  default: (await import('./components/MessageDialog.tsx')).MessageDialog,
}));

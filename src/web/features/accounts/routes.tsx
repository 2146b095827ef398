// The account screens (spec part 1 section 2): profiles, settings, the account page and the customer plan.
// Not built yet: each row shows a coming-soon page until its screen lands here.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { CUSTOMER_OR_ADMIN, PROVIDER, SIGNED_IN, type AppRoute } from '#web/lib/routing.ts';

export const accountsRoutes: readonly AppRoute[] = [
  {
    path: '/profile',
    component: comingSoon('My Profile', 'Profile editing'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Profile',
  },
  {
    path: '/customer/subscription',
    component: comingSoon('My Plan', 'Customer plans'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Plan',
  },
  {
    path: '/provider/profile',
    component: comingSoon('Business Profile'),
    access: PROVIDER,
    layout: 'app',
    title: 'Business Profile',
  },
  {
    path: '/provider/settings',
    component: comingSoon('Provider Settings', 'Account settings'),
    access: PROVIDER,
    layout: 'app',
    title: 'Provider Settings',
  },
  {
    path: '/settings',
    component: comingSoon('Settings', 'Account settings'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Settings',
  },
  {
    path: '/account',
    component: comingSoon('Account', 'Account management'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Account',
  },
];

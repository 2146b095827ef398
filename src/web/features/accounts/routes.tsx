// The account screens: profiles, settings and the account page, each a lazy chunk.
// /customer/subscription (the customer plan page) is the estimates feature's row.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { CUSTOMER_OR_ADMIN, OWN_SETTINGS, PROVIDER, SIGNED_IN, type AppRoute } from '#web/lib/routing.ts';

const ProfilePage = lazyScreen(() => import('./components/ProfilePage.tsx'), 'ProfilePage');
const BusinessProfilePage = lazyScreen(
  () => import('./components/BusinessProfilePage.tsx'),
  'BusinessProfilePage',
);
const ProviderSettingsPage = lazyScreen(
  () => import('./components/ProviderSettingsPage.tsx'),
  'ProviderSettingsPage',
);
const SettingsPage = lazyScreen(() => import('./components/SettingsPage.tsx'), 'SettingsPage');
const AccountPage = lazyScreen(() => import('./components/AccountPage.tsx'), 'AccountPage');

export const accountsRoutes: readonly AppRoute[] = [
  {
    path: '/profile',
    component: ProfilePage,
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Profile',
  },
  {
    path: '/provider/profile',
    component: BusinessProfilePage,
    access: PROVIDER,
    layout: 'app',
    title: 'Business Profile',
  },
  {
    path: '/provider/settings',
    component: ProviderSettingsPage,
    access: PROVIDER,
    layout: 'app',
    title: 'Provider Settings',
  },
  { path: '/settings', component: SettingsPage, access: OWN_SETTINGS, layout: 'app', title: 'Settings' },
  { path: '/account', component: AccountPage, access: SIGNED_IN, layout: 'app', title: 'Account' },
];

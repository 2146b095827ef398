// /pros and /pros/{id}-{slug}, public (decision 0046). The screens are the pros feature's, reached through its front
// door only when a row is first shown, so the route table (in the first load of /, /login and /signup) carries just
// these rows. /pros/{id}-{slug} is also rendered on the server (decision 0045).
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const pros = () => import('#web/features/pros/index.ts');
const DirectoryPage = lazyScreen(async () => (await pros()).loadDirectoryPage(), 'DirectoryPage');
const ProfilePage = lazyScreen(async () => (await pros()).loadProfilePage(), 'ProfilePage');

export const proPagesRoutes: readonly AppRoute[] = [
  { path: '/pros', component: DirectoryPage, access: PUBLIC, layout: 'marketing', title: 'Find a pro' },
  // The title becomes the pro's company (or name) once the profile is read.
  {
    path: '/pros/:segment',
    component: ProfilePage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Pro profile',
  },
];

// The public project screens: browsing, posting and the live project pages, each a lazy
// chunk so the first load of /, /login and /signup does not grow.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const BrowseProjectsPage = lazyScreen(
  () => import('./components/BrowseProjectsPage.tsx'),
  'BrowseProjectsPage',
);
const PostProjectPage = lazyScreen(() => import('./components/PostProjectPage.tsx'), 'PostProjectPage');
const ProjectsPage = lazyScreen(() => import('./components/ProjectsPage.tsx'), 'ProjectsPage');
const ProjectDetailPage = lazyScreen(() => import('./components/ProjectDetailPage.tsx'), 'ProjectDetailPage');

export const projectsRoutes: readonly AppRoute[] = [
  {
    path: '/browse',
    component: BrowseProjectsPage,
    access: PUBLIC,
    layout: 'projects',
    title: 'Browse Projects',
  },
  { path: '/post', component: PostProjectPage, access: PUBLIC, layout: 'projects', title: 'Post My Project' },
  { path: '/projects', component: ProjectsPage, access: PUBLIC, layout: 'projects', title: 'Live Projects' },
  {
    path: '/projects/:id',
    component: ProjectDetailPage,
    access: PUBLIC,
    layout: 'projects',
    title: 'Project Details',
  },
];

// The public project screens (spec part 2 section 2): browsing, posting and the live project pages.
// Not built yet: each row shows a coming-soon page until its screen lands here.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

export const projectsRoutes: readonly AppRoute[] = [
  {
    path: '/browse',
    component: comingSoon('Browse Projects'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Browse Projects',
  },
  {
    path: '/post',
    component: comingSoon('Post My Project', 'Project posting'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Post My Project',
  },
  {
    path: '/projects',
    component: comingSoon('Live Projects'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Live Projects',
  },
  {
    path: '/projects/:id',
    component: comingSoon('Project Details'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Project Details',
  },
];

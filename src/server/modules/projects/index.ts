// Public projects: post, browse by city and category, provider offers and the owner's connect action.
export { projectsRoutes } from './projects.routes.ts';
export { projectPageMeta } from './projects.page-meta.ts';

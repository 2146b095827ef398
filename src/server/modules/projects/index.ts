// Public projects: post, browse by city and category, provider offers, the owner's connect and close actions.
export { closeProjectsOf } from './projects.repo.ts';
export { projectPageMeta } from './projects.page-meta.ts';

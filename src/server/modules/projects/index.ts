// Public projects: post, browse by city and category, provider offers, the owner's connect and close actions, and
// the live projects the providers' task feeds show.
export { closeProjectsOf } from './projects.repo.ts';
export { feedProjects, firstFeedProjects, recommendedProjects } from './projects.feed.ts';
export { projectPageMeta } from './projects.page-meta.ts';

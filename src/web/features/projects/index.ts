// The projects feature's front door: its route rows (lazy screens) and the lazily loaded parts other features show
// (the customer dashboard's My projects, the providers' offer dialog), and the owner's projects query (the
// dashboard counts her live ones with her posted work), and the project page's query (the server-rendered page fills
// the cache under its key, decision 0045).
export { useMyProjects } from './api/get-my-projects.ts';
export { projectQueryOptions } from './api/get-project.ts';
export { LazyMyProjects, LazyProjectOfferDialog } from './lazy-parts.ts';
export { projectsRoutes } from './routes.tsx';

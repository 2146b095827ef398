// The site feature's front door: its route rows and the not-found page the router shows for unknown paths.
export { NotFoundPage } from './components/NotFoundPage.tsx';
export { siteRoutes } from './routes.tsx';

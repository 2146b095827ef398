// The ranking page's front door (decision 0044): the public /how-ranking-works row. A feature of its own, apart from
// the reviews, so that the route table (in every page's first load) does not pull in the reviews' front door: the
// reviews' parts then share a chunk of their own with the screens that show them.
export { rankingRoutes } from './routes.tsx';

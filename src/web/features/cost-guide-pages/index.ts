// The city cost guides' route rows (decision 0047): a feature of its own, apart from the cost-guides feature, so that
// the route table (in every page's first load) does not pull in the guides' front door; the screens load from that
// door when a row is first shown.
export { costGuidePagesRoutes } from './routes.tsx';

// The public pro pages' route rows (decision 0046): a feature of its own, apart from the pros feature, so that the
// route table (in every page's first load) does not pull in the pros' front door (its query options, badges and
// formats); the screens load from that door when a row is first shown.
export { proPagesRoutes } from './routes.tsx';

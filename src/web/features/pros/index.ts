// The pro pages' front door (decision 0046): the query options of a pro's profile and of the directory (the
// server-rendered page fills the query cache under exactly these keys, decision 0045), the badges other features
// show beside a pro (bids), and the two screens, each loaded as a chunk of its own.
// The route rows are the pro-pages feature's: the route table is in every page's first load, and this door is not.
export { directoryQuery, proProfileQuery, PROS_KEY, type DirectoryParams } from './api/pros.ts';
export { Badge, BadgeList } from './components/Badges.tsx';

export const loadDirectoryPage = () => import('./components/DirectoryPage.tsx');
export const loadProfilePage = () => import('./components/ProfilePage.tsx');

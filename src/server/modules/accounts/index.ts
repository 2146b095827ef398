// The accounts module's front door: the profile view other modules may show.
export { toProfile } from './accounts.view.ts';

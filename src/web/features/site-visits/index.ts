// Site visits' front door (decision 0049): the dashboards' "Visits" section and the estimate page's "Site visit"
// section, both lazy.
export { LazyEstimateSiteVisits, LazyVisitsSection } from './lazy-parts.ts';

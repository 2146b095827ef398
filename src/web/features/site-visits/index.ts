// Site visits' front door (decision 0049): the dashboards' "Visits" section and the estimate page's "Site visit"
// section (both lazy), and the one-line visit of a bid in the provider's bid list (with the one read behind it).
export { LazyEstimateSiteVisits, LazyVisitsSection } from './lazy-parts.ts';
export { SiteVisitLine, useOpenVisitsByEstimate } from './components/SiteVisitLine.tsx';

// The city cost guides' front door (decision 0047): the query options of the index, a guide and the pricing
// accuracy (the server-rendered pages fill the query cache under exactly these keys, decision 0045), and the three
// screens, each loaded as a chunk of its own. The route rows are the cost-guide-pages feature's: the route table is
// in every page's first load, and this door is not.
export {
  COST_GUIDES_KEY,
  costGuideIndexQuery,
  costGuideQuery,
  costGuideUrl,
  guideHref,
  pricingAccuracyQuery,
} from './api/cost-guides.ts';

export const loadCostGuidesIndexPage = () => import('./components/CostGuidesIndexPage.tsx');
export const loadCostGuidePage = () => import('./components/CostGuidePage.tsx');
export const loadPricingAccuracyPage = () => import('./components/PricingAccuracyPage.tsx');

// City cost guides (decision 0047): the guides' API is read in process by the server-rendered pages (as the pro
// profiles' is); what other modules may use from here is the accuracy's figures for a category and place.
export { accuracyOf, computeAccuracy, type AccuracyTable } from './cost-guides.service.ts';

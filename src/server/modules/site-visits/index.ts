// Site visits (decision 0049): a bidder's proposed slots for an on-site visit, the owner's choice, the calendar
// invite mailed to both parties, the reminder, cancellations and no-shows.
export {
  createSiteVisitsService,
  type SiteVisitsService,
  type SiteVisitViewer,
} from './site-visits.service.ts';
export { visitInvite, visitMail, type InviteFacts } from './site-visit-invite.ts';

// Bids: a provider's bid on a posted estimate and the owner's choice among them; the count other features show.
export { bidsRoutes } from './bids.routes.ts';
export { createBidsService, type BidsService } from './bids.service.ts';

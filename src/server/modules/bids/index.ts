// Bids: a provider's bid on a posted estimate and the owner's choice among them.
export { createBidsService, type BidsService } from './bids.service.ts';

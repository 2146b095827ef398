// Bids: a provider's bid on a posted estimate and the owner's choice among them.
export { createBidsService, toBid, type BidsService } from './bids.service.ts';
/**
 * The bid's latest quote row (highest revision; `totalCents`, `validUntil` as YYYY-MM-DD), or null without one:
 * what hiring freezes as the agreed price, and refuses once past its validUntil.
 */
export { latestQuoteOf, type BidQuoteRow } from './bids.repo.ts';

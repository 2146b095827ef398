// Reviews (decision 0044): what only a completed job can earn, published blind, with the price facts beside them;
// the reputation computed from them; moderation that cannot be bought.
export {};

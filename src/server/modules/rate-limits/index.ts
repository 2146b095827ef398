// The rate-limits module's front door: the client key every limit counts by.
export { clientKey } from './client-key.ts';

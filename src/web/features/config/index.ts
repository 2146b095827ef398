// The config feature's front door: the public runtime configuration and the beta banner.
export { configQueryOptions, usePublicConfig, type PublicConfig } from './api/config.ts';
export { BetaBanner } from './components/BetaBanner.tsx';

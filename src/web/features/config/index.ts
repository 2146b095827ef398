// The config feature's front door: the public runtime configuration and the beta banner.
export { configQueryOptions, usePublicConfig } from './api/get-config.ts';
export { BetaBanner } from './components/BetaBanner.tsx';

// The rate-limits module's front door: the client key every limit counts by, and the counters' store.
export { clientKey } from './client-key.ts';
export { createMemoryStore, type Hits, type MemoryStore, type RateLimitStore } from './store.ts';
export { createPostgresStore } from './postgres-store.ts';
export { fastifyStore } from './fastify-store.ts';

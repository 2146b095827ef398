export * from './users.ts';
export * from './sessions.ts';
export * from './auth-tokens.ts';
export * from './mail-outbox.ts';
export * from './visits.ts';
export * from './reference.ts';
export * from './rate-limit-hits.ts';

import { createHash, randomBytes } from 'node:crypto';

/** A random token of 256 bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256 hash, so a leaked table row cannot be replayed. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

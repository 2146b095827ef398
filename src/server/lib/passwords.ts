// Password hashing with argon2id (OWASP's recommended parameters: 19 MiB memory, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 declares its Algorithm as a const enum; 2 is Argon2id (also the library's default).
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False (never a throw) for a wrong password or a malformed stored hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist, so the response time of a failed
 * login does not reveal whether an email is registered.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
  return false;
}

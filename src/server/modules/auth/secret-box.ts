// The TOTP secrets of two-step verification, sealed at rest (decision 0031): AES-256-GCM under TWO_STEP_KEY, bound
// to the account they belong to, so a copy of the database (a dump, a backup, a replica, a row read by a bug)
// gives no one the codes of anyone's authenticator app. A sealed value reads
// `v1.<key id>.<iv>.<ciphertext and tag>` (base64url); a base32 secret of an install without a key has no dot.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The first 8 hex digits of the key's SHA-256: names the key in a sealed value without giving it away. */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const isSealed = (value: string) => value.startsWith(`${VERSION}.`);

/** The id of the key that sealed a value, or null for a value stored as it is. */
export function sealedWith(value: string): string | null {
  return isSealed(value) ? (value.split('.')[1] ?? null) : null;
}

export class SecretBoxError extends Error {}

export interface SecretBox {
  /** Whether a key is set: without one, secrets are stored as they are (development only: config.ts). */
  readonly sealing: boolean;
  /** The id of the key new secrets are sealed with. */
  readonly currentKeyId: string | null;
  /** Whether the key with this id is one of the box's keys. */
  opens(id: string): boolean;
  seal(secret: string, owner: string): string;
  /** The secret; throws SecretBoxError when no known key sealed it or it was changed or moved to another owner. */
  open(value: string, owner: string): string;
}

/**
 * Keys in order: the first seals, every one opens (the ones after it are former keys kept while their values are
 * sealed again at start: `resealTwoStepSecrets`).
 */
export function createSecretBox(keys: readonly Buffer[]): SecretBox {
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const current = keys[0];
  return {
    sealing: current !== undefined,
    currentKeyId: current ? keyId(current) : null,
    opens: (id) => byId.has(id),
    seal(secret, owner) {
      if (!current) return secret;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, keyId(current), iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(value, owner) {
      if (!isSealed(value)) return value;
      const [, id = '', ivText = '', bodyText = ''] = value.split('.');
      const key = byId.get(id);
      if (!key) throw new SecretBoxError(`sealed with key ${id}, which TWO_STEP_KEY does not hold`);
      const body = Buffer.from(bodyText, 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(owner));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('a sealed secret does not open: changed, or moved to another account');
      }
    },
  };
}

// The sealing of two-step secrets at rest (decision 0031): what a copy of the database holds, and what opens it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyId, SecretBoxError, sealedWith } from './secret-box.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OWNER = '6f1c1f7e-0b7a-4a57-9a45-1d1d3a0b9d11';
const OTHER = '0a8e4d4e-3b8b-4f0e-8d0b-3e7a8c1f2b22';

describe('a secret box with a key', () => {
  const key = randomBytes(32);
  const box = createSecretBox([key]);

  it('seals to a value that names the key and holds nothing of the secret, new each time, and opens it again', () => {
    const sealed = box.seal(SECRET, OWNER);
    expect(sealed).toMatch(new RegExp(`^v1\\.${keyId(key)}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain(SECRET.slice(0, 8));
    expect(sealedWith(sealed)).toBe(keyId(key));
    expect(box.seal(SECRET, OWNER)).not.toBe(sealed);
    expect(box.open(sealed, OWNER)).toBe(SECRET);
  });

  it('does not open a value moved to another account, or changed by one character', () => {
    const sealed = box.seal(SECRET, OWNER);
    expect(() => box.open(sealed, OTHER)).toThrow(SecretBoxError);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const changed = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(() => box.open(changed, OWNER)).toThrow(SecretBoxError);
  });

  it('does not open a value of a key it does not hold, and says which key that was', () => {
    const other = randomBytes(32);
    const sealed = createSecretBox([other]).seal(SECRET, OWNER);
    expect(() => box.open(sealed, OWNER)).toThrow(`sealed with key ${keyId(other)}`);
    expect(box.opens(keyId(other))).toBe(false);
  });

  it('opens what a former key sealed while that key is listed after the new one, and seals with the new one', () => {
    const former = createSecretBox([key]).seal(SECRET, OWNER);
    const next = randomBytes(32);
    const rotating = createSecretBox([next, key]);
    expect(rotating.open(former, OWNER)).toBe(SECRET);
    expect(sealedWith(rotating.seal(SECRET, OWNER))).toBe(keyId(next));
  });

  it('reads a secret stored before any key was set as it is', () => {
    expect(box.open(SECRET, OWNER)).toBe(SECRET);
    expect(sealedWith(SECRET)).toBeNull();
  });
});

describe('a secret box without a key (development)', () => {
  const box = createSecretBox([]);

  it('stores secrets as they are, and cannot open a sealed one', () => {
    expect(box.sealing).toBe(false);
    expect(box.seal(SECRET, OWNER)).toBe(SECRET);
    const sealed = createSecretBox([randomBytes(32)]).seal(SECRET, OWNER);
    expect(() => box.open(sealed, OWNER)).toThrow(SecretBoxError);
  });
});

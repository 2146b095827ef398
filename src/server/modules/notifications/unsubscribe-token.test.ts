import { describe, expect, it } from 'vitest';
import {
  newUnsubscribeKey,
  readUnsubscribe,
  signUnsubscribe,
  verifyUnsubscribe,
} from './unsubscribe-token.ts';

const userId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

describe('unsubscribe tokens', () => {
  it('say who and what, and hold only with the key they were signed with', () => {
    const key = newUnsubscribeKey();
    const token = signUnsubscribe({ userId, scope: 'bid_received' }, key);
    expect(readUnsubscribe(token)).toEqual({ userId, scope: 'bid_received' });
    expect(verifyUnsubscribe(token, key)).toBe(true);
    expect(verifyUnsubscribe(token, newUnsubscribeKey())).toBe(false);
    expect(readUnsubscribe(signUnsubscribe({ userId, scope: 'daily' }, key))?.scope).toBe('daily');
  });

  it('a changed payload or signature does not verify; what is not a token does not read', () => {
    const key = newUnsubscribeKey();
    const [, sig] = signUnsubscribe({ userId, scope: 'bid_received' }, key).split('.');
    const other = Buffer.from(JSON.stringify({ u: userId, s: 'job_completed' })).toString('base64url');
    expect(verifyUnsubscribe(`${other}.${sig}`, key)).toBe(false);
    const bad = (s: unknown) => Buffer.from(JSON.stringify({ u: userId, s })).toString('base64url') + '.x';
    for (const t of ['', 'abc', 'a.b.c', bad('not_a_kind'), bad(3), `${'a'.repeat(1001)}.b`]) {
      expect(readUnsubscribe(t)).toBeNull();
    }
    expect(
      readUnsubscribe(Buffer.from(JSON.stringify({ u: 'x', s: 'daily' })).toString('base64url') + '.x'),
    ).toBeNull();
  });
});

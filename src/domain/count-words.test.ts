import { describe, expect, it } from 'vitest';
import { countOf } from './count-words.ts';

describe('countOf', () => {
  it.each([
    [0, 'user', undefined, '0 users'],
    [1, 'user', undefined, '1 user'],
    [3, 'user', undefined, '3 users'],
    [1, 'entry', 'entries', '1 entry'],
    [20, 'entry', 'entries', '20 entries'],
  ])('countOf(%i, %s, %s) reads "%s"', (n, singular, plural, text) => {
    expect(countOf(n, singular, plural)).toBe(text);
  });
});

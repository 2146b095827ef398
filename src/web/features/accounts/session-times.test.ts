import { describe, expect, it } from 'vitest';
import { absoluteTime, relativeTime, signedInText } from './session-times.ts';

const now = new Date('2026-11-23T21:55:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe('relativeTime', () => {
  it.each([
    [ago(0), 'just now'],
    [ago(59_000), 'just now'],
    [new Date(now.getTime() + 5 * MINUTE), 'just now'],
    [ago(MINUTE), '1 minute ago'],
    [ago(59 * MINUTE), '59 minutes ago'],
    [ago(60 * MINUTE), '1 hour ago'],
    [ago(23 * 60 * MINUTE), '23 hours ago'],
    [ago(24 * 60 * MINUTE), 'yesterday'],
    [ago(29 * 24 * 60 * MINUTE), '29 days ago'],
  ])('%s reads "%s"', (value, text) => {
    expect(relativeTime(value, now)).toBe(text);
  });

  it('shows a dash for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('—');
    expect(absoluteTime(null)).toBe('—');
  });
});

describe('signedInText', () => {
  it('says today or yesterday with the time, else the day (with the year when it is not this one)', () => {
    const local = new Date(2026, 10, 23, 21, 55);
    expect(signedInText(new Date(2026, 10, 23, 8, 5), local)).toBe('today at 8:05 AM');
    expect(signedInText(new Date(2026, 10, 22, 23, 30), local)).toBe('yesterday at 11:30 PM');
    expect(signedInText(new Date(2026, 10, 20, 12, 0), local)).toBe('Nov 20');
    expect(signedInText(new Date(2025, 11, 31, 12, 0), local)).toBe('Dec 31, 2025');
    expect(signedInText('nonsense', local)).toBe('—');
  });
});

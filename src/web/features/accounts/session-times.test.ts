import { describe, expect, it } from 'vitest';
import { absoluteTime, relativeTime } from './session-times.ts';

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

// How a pro's facts read: months from their own digits (the same on the server and in any reader's zone), the
// place, the verified-job label, and the profile address of a bidder.
import { describe, expect, it } from 'vitest';
import { memberSinceText, monthYear, placeText, verifiedJobText } from './format.ts';
import { barWidth } from './components/ProfileReputation.tsx';
import { makePortfolioItem } from './pros-test-data.ts';

describe('pro facts in words', () => {
  it('reads months from the digits, whatever the time of day or zone', () => {
    expect(monthYear('2026-03')).toBe('March 2026');
    expect(monthYear('2026-12-31T23:59:59.000Z')).toBe('December 2026');
    expect(memberSinceText('2026-01-01T00:00:00.000Z')).toBe('Member since January 2026');
    expect(monthYear('soon')).toBe('soon');
    expect(monthYear('2026-13')).toBe('2026-13');
  });

  it('says the place with what it has', () => {
    expect(placeText({ city: 'Jacksonville', state: 'FL' })).toBe('Jacksonville, FL');
    expect(placeText({ city: null, state: 'FL' })).toBe('FL');
    expect(placeText({ city: ' ', state: null })).toBeNull();
  });

  it('labels a photo from a completed job, not an uploaded one', () => {
    expect(verifiedJobText(makePortfolioItem())).toBe('Verified job · Plumbing · March 2026');
    expect(verifiedJobText(makePortfolioItem({ verified: null }))).toBeNull();
  });

  it('draws a distribution bar in steps of 5 %, a share above nothing at least a sliver', () => {
    expect(barWidth(0, 12)).toBe('w-0');
    expect(barWidth(3, 0)).toBe('w-0');
    expect(barWidth(1, 100)).toBe('w-[5%]');
    expect(barWidth(10, 12)).toBe('w-[85%]');
    expect(barWidth(12, 12)).toBe('w-full');
  });
});

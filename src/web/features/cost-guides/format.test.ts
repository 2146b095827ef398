import { describe, expect, it } from 'vitest';
import { accuracySentence, dayText, medianText, NOT_ENOUGH_JOBS } from './format.ts';

describe('the accuracy sentence', () => {
  it('reads as the issue words it', () => {
    expect(
      accuracySentence({ scope: 'all', jobs: 12, insideRange: 9, medianDiffPercent: 6 }, 'Kitchen'),
    ).toBe(
      'Of 12 kitchen jobs hired in the last 12 months, 9 were agreed inside our range; the median was 6 % above our estimate.',
    );
  });

  it('names the place when its own jobs are counted, keeps HVAC in capitals, and counts one in the singular', () => {
    expect(
      accuracySentence(
        { scope: 'place', jobs: 5, insideRange: 1, medianDiffPercent: -3.4 },
        'HVAC',
        'Tampa, FL',
      ),
    ).toBe(
      'Of 5 HVAC jobs hired in Tampa, FL in the last 12 months, 1 was agreed inside our range; the median was 3 % below our estimate.',
    );
  });

  it('gives no figure with fewer than 5 jobs', () => {
    expect(accuracySentence({ scope: null, jobs: 4 }, 'Kitchen')).toBe(
      'Not enough hired jobs yet to compare.',
    );
    expect(NOT_ENOUGH_JOBS).toBe('Not enough hired jobs yet to compare.');
  });

  it('rounds the median to a whole percent, and a median of 0 is the estimate itself', () => {
    expect(medianText(0.4)).toBe('the same as our estimate');
    expect(medianText(-0.4)).toBe('the same as our estimate');
    expect(medianText(12.5)).toBe('13 % above our estimate');
  });
});

describe('dayText', () => {
  it('writes a calendar date in words, whatever the zone', () => {
    expect(dayText('2026-11-23')).toBe('November 23, 2026');
    expect(dayText('2026-01-01T23:30:00.000Z')).toBe('January 1, 2026');
  });
});

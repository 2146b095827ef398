import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#web/lib/api-client.ts';
import { actionErrorText, budgetText, matchesSearch, postErrorText, postedDate } from './format.ts';

describe('project display helpers', () => {
  it('budgets', () => {
    expect(budgetText(5000, 9000)).toBe('$5,000 – $9,000');
    expect(budgetText(1250.5, 1250.5)).toBe('$1,250.50');
    expect(budgetText(null, 800)).toBe('Up to $800');
    expect(budgetText(300, null)).toBe('From $300');
    expect(budgetText(null, null)).toBe('Budget open');
  });
  it('error texts: the server message, else "Failed (HTTP status)" / "Failed"', () => {
    const withBody = new HttpError(400, 'Bad Request', JSON.stringify({ error: 'Title is required' }));
    expect(postErrorText(withBody)).toBe('Title is required');
    expect(postErrorText(new HttpError(502, 'Bad Gateway', '<html>'))).toBe('Failed (502)');
    expect(actionErrorText(new HttpError(500, 'Internal', ''))).toBe('Failed');
    expect(actionErrorText(withBody)).toBe('Title is required');
  });
  it('search by title, category or city', () => {
    const p = { title: 'New deck', category: 'concrete', categoryLabel: 'Concrete', city: 'Jacksonville' };
    expect(matchesSearch(p, 'DECK')).toBe(true);
    expect(matchesSearch(p, 'concrete')).toBe(true);
    expect(matchesSearch(p, 'jackson')).toBe(true);
    expect(matchesSearch(p, 'kitchen')).toBe(false);
    expect(matchesSearch(p, '  ')).toBe(true);
  });
});

describe('postedDate', () => {
  it('writes what toLocaleDateString writes in the viewer’s time zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (d) => {
          const expected = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
          return postedDate(d.toISOString()) === expected;
        },
      ),
      { numRuns: 2000 },
    );
    expect(postedDate('not a date')).toBe('');
  });
});

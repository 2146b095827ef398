import { describe, expect, it } from 'vitest';
import { summarizeVisits } from './visits.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const EDGE = `${CHROME} Edg/120.0`;
const HEADLESS = 'Mozilla/5.0 HeadlessChrome/120.0 Safari/537.36';

describe('summarizeVisits', () => {
  it('counts days in the time zone, pages, sources (Direct without referer) and browser classes', () => {
    const s = summarizeVisits(
      [
        { page: '/', referer: null, userAgent: CHROME, visitedAt: '2025-03-10T03:00:00Z' },
        {
          page: '/',
          referer: 'https://www.google.com/search?q=x',
          userAgent: FIREFOX,
          visitedAt: '2025-03-10T12:00:00Z',
        },
        { page: '/projects', referer: '', userAgent: SAFARI, visitedAt: '2025-03-11T12:00:00Z' },
        { page: '/post', referer: 'not a url', userAgent: EDGE, visitedAt: '2025-03-11T13:00:00Z' },
        {
          page: '/post',
          referer: 'https://www.google.com/',
          userAgent: HEADLESS,
          visitedAt: '2025-03-11T14:00:00Z',
        },
        { page: '/x', userAgent: 'curl/8', visitedAt: '2025-03-12T00:00:00Z' },
        { page: '/y', userAgent: 'Lynx/2.8', visitedAt: 'bad date' },
      ],
      'America/New_York',
    );
    expect(s.perDay).toEqual([
      { day: '2025-03-09', count: 1 },
      { day: '2025-03-10', count: 1 },
      { day: '2025-03-11', count: 4 },
    ]);
    expect(s.topPages.slice(0, 2)).toEqual([
      { name: '/', count: 2 },
      { name: '/post', count: 2 },
    ]);
    expect(s.sources).toEqual([
      { name: 'Direct', count: 5 },
      { name: 'www.google.com', count: 2 },
    ]);
    expect(s.browsers).toEqual({ Chrome: 1, Firefox: 1, Safari: 1, Edge: 1, Test: 2, Other: 1 });
  });

  it('keeps the top 10 pages, most visited first, then by name', () => {
    const visits = Array.from({ length: 12 }, (_, i) => ({
      page: `/p${String(i).padStart(2, '0')}`,
      visitedAt: 0,
    }));
    visits.push({ page: '/p11', visitedAt: 0 });
    const s = summarizeVisits(visits);
    expect(s.topPages).toHaveLength(10);
    expect(s.topPages[0]).toEqual({ name: '/p11', count: 2 });
    expect(s.topPages[1]!.name).toBe('/p00');
    expect(summarizeVisits([]).perDay).toEqual([]);
  });
});

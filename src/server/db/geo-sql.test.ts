// The inner box of a list near a point (decision 0048): every point of it is inside the radius, so the exact
// distance may be left out there without letting in anything the radius would not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMiles } from '#domain/geo';
import { nearParams } from './geo-sql.ts';

describe('nearParams', () => {
  it('an inner box wholly inside the radius, inside the outer box', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 17, max: 71, noNaN: true }),
        fc.double({ min: -170, max: -64, noNaN: true }),
        fc.constantFrom(1, 5, 10, 25, 50, 100, 500),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (lat, lng, r, fy, fx) => {
          const p = nearParams({ lat, lng }, r);
          const point = { lat: lat + fy * p.innerLat, lng: lng + fx * p.innerLng };
          expect(distanceMiles({ lat, lng }, point)).toBeLessThanOrEqual(r);
          expect(point.lat).toBeGreaterThanOrEqual(p.minLat);
          expect(point.lat).toBeLessThanOrEqual(p.maxLat);
          expect(point.lng).toBeGreaterThanOrEqual(p.minLng);
          expect(point.lng).toBeLessThanOrEqual(p.maxLng);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

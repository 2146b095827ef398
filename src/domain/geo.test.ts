import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boundingBox,
  distanceLabel,
  distanceMiles,
  normalizeZip,
  SERVICE_RADII,
  withinRadius,
} from './geo.ts';

// Centroids as in reference-data/zip-codes/zip-codes.tsv.
const zip = {
  '10001': { lat: 40.7484, lng: -73.9967 }, // New York, NY
  '90210': { lat: 34.0901, lng: -118.4065 }, // Beverly Hills, CA
  '60601': { lat: 41.8858, lng: -87.6181 }, // Chicago, IL
  '02108': { lat: 42.3576, lng: -71.0684 }, // Boston, MA
  '94103': { lat: 37.7725, lng: -122.4147 }, // San Francisco, CA
  '98101': { lat: 47.6114, lng: -122.3305 }, // Seattle, WA
};

describe('distanceMiles', () => {
  // The great-circle distances the `zipcodes` package publishes for these pairs (its distance(): the spherical law
  // of cosines, whole miles), within half a mile.
  it.each([
    ['10001', '90210', 2453],
    ['10001', '60601', 710],
    ['10001', '02108', 188],
    ['94103', '98101', 680],
    ['60601', '90210', 1750],
  ] as const)('%s to %s is %d miles', (a, b, miles) => {
    expect(Math.abs(distanceMiles(zip[a], zip[b]) - miles)).toBeLessThan(0.5);
  });

  it('is zero from a point to itself and the same both ways', () => {
    expect(distanceMiles(zip['10001'], zip['10001'])).toBe(0);
    expect(distanceMiles(zip['10001'], zip['60601'])).toBeCloseTo(
      distanceMiles(zip['60601'], zip['10001']),
      9,
    );
  });
});

describe('withinRadius', () => {
  it('counts a job exactly at the radius as inside, and one a little past it as outside', () => {
    for (const r of SERVICE_RADII) {
      expect(withinRadius(r, r)).toBe(true);
      expect(withinRadius(r + 0.01, r)).toBe(false);
    }
  });
});

describe('boundingBox', () => {
  it('spans every longitude at a pole and stops at the map’s edges', () => {
    const box = boundingBox({ lat: 90, lng: 0 }, 25);
    expect(box.maxLat).toBe(90);
    expect([box.minLng, box.maxLng]).toEqual([-180, 180]);
  });

  it('holds every point within the radius', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 18, max: 65, noNaN: true }),
        fc.double({ min: -170, max: -66, noNaN: true }),
        fc.constantFrom(...SERVICE_RADII),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, r, bearing, f) => {
          // A point f * r miles away along `bearing` (the destination formula on the same sphere).
          const d = (f * r) / 3958.8;
          const φ1 = (lat * Math.PI) / 180;
          const λ1 = (lng * Math.PI) / 180;
          const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
          const λ2 =
            λ1 +
            Math.atan2(
              Math.sin(bearing) * Math.sin(d) * Math.cos(φ1),
              Math.cos(d) - Math.sin(φ1) * Math.sin(φ2),
            );
          const p = { lat: (φ2 * 180) / Math.PI, lng: (λ2 * 180) / Math.PI };
          const box = boundingBox({ lat, lng }, r);
          expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
          expect(p.lat).toBeLessThanOrEqual(box.maxLat);
          expect(p.lng).toBeGreaterThanOrEqual(box.minLng);
          expect(p.lng).toBeLessThanOrEqual(box.maxLng);
        },
      ),
    );
  });
});

describe('normalizeZip and distanceLabel', () => {
  it('takes five digits or a ZIP+4, nothing else', () => {
    expect(normalizeZip(' 10001 ')).toBe('10001');
    expect(normalizeZip('10001-1234')).toBe('10001');
    for (const bad of ['', '1000', '100011', 'abcde', '10001-12', '1OOO1'])
      expect(normalizeZip(bad)).toBeNull();
  });

  it('rounds to whole miles', () => {
    expect(distanceLabel(12.4)).toBe('12 mi away');
    expect(distanceLabel(11.6)).toBe('12 mi away');
    expect(distanceLabel(0.3)).toBe('Less than 1 mi away');
  });
});

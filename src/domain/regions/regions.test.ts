import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REGION_MULTIPLIER,
  findRegion,
  regionByLocation,
  regionMultiplier,
  regions,
  toLocationItem,
  toRegionListItem,
} from './index.ts';

describe('regions from BEA RPP 2024 ("a region list of 510+")', () => {
  it('at least 510 regions, unique positive integer ids and unique labels', () => {
    expect(regions.length).toBeGreaterThanOrEqual(510);
    expect(new Set(regions.map((r) => r.id)).size).toBe(regions.length);
    expect(new Set(regions.map((r) => r.location)).size).toBe(regions.length);
    for (const r of regions) {
      expect(Number.isInteger(r.id) && r.id > 0).toBe(true);
      expect(r.state).toMatch(/^[A-Z]{2}$/);
      expect(r.location).toBe(`${r.name}, ${r.state}`);
      expect(r.multiplier).toBeGreaterThan(0.5);
      expect(r.multiplier).toBeLessThan(1.5);
      expect(Math.round(r.multiplier * 1000) / 1000).toBe(r.multiplier);
    }
  });

  it('sorted by state then name', () => {
    const keys = regions.map((r) => `${r.state}|${r.name}`);
    const sorted = [...regions].sort(
      (a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name),
    );
    expect(keys).toEqual(sorted.map((r) => `${r.state}|${r.name}`));
  });

  it('each principal city of a metro title: Dallas-Fort Worth-Arlington, TX gives three TX cities (RPP 103.090)', () => {
    for (const city of ['Dallas', 'Fort Worth', 'Arlington']) {
      expect(regionByLocation(`${city}, TX`)?.multiplier).toBe(1.031);
    }
    expect(regionByLocation('Dallas, TX')?.id).toBe(191001);
  });

  it('multi-state titles assign each city to its own state', () => {
    expect(regionByLocation('Philadelphia, PA')?.multiplier).toBe(1.026);
    expect(regionByLocation('Camden, NJ')).toBeDefined();
    expect(regionByLocation('Wilmington, DE')).toBeDefined();
    expect(regionByLocation('Vancouver, WA')).toBeDefined();
    expect(regionByLocation('Arlington, VA')?.multiplier).toBe(1.089);
    expect(regionByLocation('Kansas City, MO')).toBeDefined();
  });

  it('hyphenated city names stay whole', () => {
    expect(regionByLocation('Winston-Salem, NC')).toBeDefined();
    expect(regionByLocation('Wilkes-Barre, PA')).toBeDefined();
    expect(regionByLocation('Nashville, TN')).toBeDefined();
    expect(regionByLocation('Murfreesboro, TN')).toBeDefined();
  });

  it('each state nonmetropolitan area, e.g. "Alabama (Nonmetropolitan)" at RPP 83.231', () => {
    const al = regionByLocation('Alabama (Nonmetropolitan), AL');
    expect(al).toMatchObject({
      id: 1999,
      name: 'Alabama (Nonmetropolitan)',
      state: 'AL',
      multiplier: 0.832,
      kind: 'nonmetro',
    });
    expect(regions.filter((r) => r.kind === 'nonmetro')).toHaveLength(47);
    expect(regionByLocation('New Jersey (Nonmetropolitan), NJ')).toBeUndefined();
  });

  it('findRegion by number or numeric string; regionByLocation ignores case and spacing', () => {
    expect(findRegion(191001)?.name).toBe('Dallas');
    expect(findRegion(' 191001 ')?.name).toBe('Dallas');
    expect(findRegion('abc')).toBeUndefined();
    expect(regionByLocation('  dallas ,tx ')?.id).toBe(191001);
  });

  it('regionMultiplier by label or id, default 1', () => {
    expect(regionMultiplier('Dallas, TX')).toBe(1.031);
    expect(regionMultiplier(191001)).toBe(1.031);
    expect(regionMultiplier('191001')).toBe(1.031);
    expect(regionMultiplier('Atlantis, ZZ')).toBe(DEFAULT_REGION_MULTIPLIER);
    expect(regionMultiplier(42)).toBe(1);
    expect(regionMultiplier(null)).toBe(1);
    expect(regionMultiplier(undefined)).toBe(1);
  });

  it('API shapes: /api/regions {id,name,state}, /api/geo/locations {location, multiplier}', () => {
    const r = findRegion(191001)!;
    expect(toRegionListItem(r)).toEqual({ id: 191001, name: 'Dallas', state: 'TX' });
    expect(toLocationItem(r)).toEqual({ location: 'Dallas, TX', multiplier: 1.031 });
  });
});

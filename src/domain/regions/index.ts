// Pricing regions (BEA Regional Price Parities 2024), generated into regions.data.ts by scripts/build-regions.ts.
import type { Region } from './region.ts';
import { regionsData } from './regions.data.ts';

export type { Region } from './region.ts';

/** Every region, sorted by state then name. */
export const regions: readonly Region[] = regionsData;

/** The multiplier used when a region is missing or unknown: prices stay at the national average. */
export const DEFAULT_REGION_MULTIPLIER = 1;

const byId = new Map<number, Region>(regions.map((r) => [r.id, r]));
const byLocation = new Map<string, Region>(regions.map((r) => [normalizeLabel(r.location), r]));

function normalizeLabel(label: string): string {
  return label
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .toLowerCase();
}

/** The region with this id (a number or a numeric string), if any. */
export function findRegion(id: number | string): Region | undefined {
  const n = typeof id === 'number' ? id : /^\d+$/.test(id.trim()) ? Number(id.trim()) : NaN;
  return byId.get(n);
}

/** The region whose "City, ST" label matches (case- and spacing-insensitive), if any. */
export function regionByLocation(label: string): Region | undefined {
  return byLocation.get(normalizeLabel(label));
}

/** The cost multiplier for a region given by id or "City, ST" label; 1 when missing or unknown. */
export function regionMultiplier(labelOrId: string | number | null | undefined): number {
  if (labelOrId == null) return DEFAULT_REGION_MULTIPLIER;
  const region =
    typeof labelOrId === 'number'
      ? findRegion(labelOrId)
      : (regionByLocation(labelOrId) ?? findRegion(labelOrId));
  return region?.multiplier ?? DEFAULT_REGION_MULTIPLIER;
}

/** The GET /api/regions item. */
export function toRegionListItem(r: Region): { id: number; name: string; state: string } {
  return { id: r.id, name: r.name, state: r.state };
}

/** The GET /api/geo/locations item. */
export function toLocationItem(r: Region): { location: string; multiplier: number } {
  return { location: r.location, multiplier: r.multiplier };
}

// Distance between US ZIP code centroids and the service areas of providers (decision 0048). Pure: the server
// filters and sorts with the same figures (a bounding box on indexed latitude and longitude, then this exact
// distance), the screens format them.

/** The Earth's mean radius in statute miles (the usual figure for great-circle distances). */
export const EARTH_RADIUS_MILES = 3958.8;

/** The radii a provider may serve, in miles. */
export const SERVICE_RADII = [5, 10, 25, 50, 100] as const;
export type ServiceRadius = (typeof SERVICE_RADII)[number];

/** The area a provider has before choosing one: their business ZIP code and this radius. */
export const DEFAULT_SERVICE_RADIUS: ServiceRadius = 25;

/**
 * A job exactly at the radius is inside it: distances within this many miles of the edge count as on it (the
 * database and JavaScript may round the same sum a hair apart).
 */
export const RADIUS_EDGE_MILES = 1e-6;

export const ZIP_MESSAGE = 'Enter a valid US ZIP code';

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle (haversine) distance in miles between two points given in degrees. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a point `miles` away is inside a radius (the edge is in). */
export const withinRadius = (miles: number, radiusMiles: number) => miles <= radiusMiles + RADIUS_EDGE_MILES;

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * A latitude/longitude box holding every point within `radiusMiles` of `center` (a little more: the index reads the
 * box, the exact distance then decides). Longitudes are not wrapped: no US ZIP centroid is near the 180th meridian
 * but the far Aleutians, whose boxes simply stop at it.
 */
export function boundingBox(center: LatLng, radiusMiles: number): BoundingBox {
  const margin = 1.001;
  const dLat = ((radiusMiles * margin) / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const cos = Math.cos(rad(widest));
  const dLng = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
  return {
    minLat,
    maxLat,
    minLng: Math.max(-180, center.lng - dLng),
    maxLng: Math.min(180, center.lng + dLng),
  };
}

/** Exactly five digits, as typed (trimmed by the caller). */
export const isZip = (text: string) => /^\d{5}$/.test(text);

/** An optional ZIP code field's value is fine: empty, or five digits. */
export const isZipOrEmpty = (text: string) => text === '' || isZip(text);

/** Five digits (a ZIP+4's first five are taken); anything else is not a ZIP code. */
export function normalizeZip(input: string): string | null {
  const m = /^(\d{5})(?:-\d{4})?$/.exec(input.trim());
  return m ? m[1]! : null;
}

/**
 * The distance an item carries over the API: miles to one decimal (the screens round it to whole miles; a tenth
 * keeps "Nearest first" readable between two jobs a few hundred yards apart).
 */
export const apiDistance = (miles: number) => Math.round(miles * 10) / 10;

/** "12 mi away"; under half a mile, "Less than 1 mi away". */
export function distanceLabel(miles: number): string {
  const whole = Math.round(miles);
  return whole < 1 ? 'Less than 1 mi away' : `${whole} mi away`;
}

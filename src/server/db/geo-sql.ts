// Distance in SQL (decision 0048): the same great-circle figure as src/domain/geo's distanceMiles, and the filter the
// lists near a ZIP code use: a bounding box on the indexed latitude and longitude, then the exact distance, the edge
// of the radius inside. Values are numbers or sql.placeholder()s (the prepared posted lists).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { boundingBox, EARTH_RADIUS_MILES, RADIUS_EDGE_MILES, type LatLng } from '#domain/geo';

type Value = number | SQL.Aliased | SQLWrapper;

/**
 * Miles between the row's point and (lat, lng); null when the row has no point (said outright: `least` skips a null
 * argument, so the formula alone would give half the globe).
 */
export function distanceSql(
  rowLat: SQLWrapper,
  rowLng: SQLWrapper,
  lat: Value,
  lng: Value,
): SQL<number | null> {
  return sql<number | null>`(case when ${rowLat} is null or ${rowLng} is null then null::float8
    else ${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(${rowLat} - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(${rowLat})) * power(sin(radians(${rowLng} - ${lng}::float8) / 2), 2))))
    end)`;
}

/** What a list near a point binds: the point, its box and the radius. */
export interface NearParams {
  lat: number;
  lng: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  radius: number;
  /** Half the height and width, in degrees, of a box around the point wholly inside the radius. */
  innerLat: number;
  innerLng: number;
}

/** The near parameters of a prepared statement, bound from NearParams by name. */
export const nearPlaceholders = {
  lat: sql.placeholder('lat'),
  lng: sql.placeholder('lng'),
  minLat: sql.placeholder('minLat'),
  maxLat: sql.placeholder('maxLat'),
  minLng: sql.placeholder('minLng'),
  maxLng: sql.placeholder('maxLng'),
  radius: sql.placeholder('radius'),
  innerLat: sql.placeholder('innerLat'),
  innerLng: sql.placeholder('innerLng'),
} satisfies Record<keyof NearParams, SQL.Aliased | SQLWrapper>;

/** A list asked near a point: the point's parameters, and whether only the items inside the radius are kept. */
export interface ListNear {
  params: NearParams;
  within: boolean;
}

export function nearParams(center: LatLng, radiusMiles: number): NearParams {
  // Each side at most 0.69 of the radius from the point (east-west measured where the box is widest): every
  // point of it lies within 0.98 of the radius, so the exact distance is needed only outside it.
  const innerLat = ((0.69 * radiusMiles) / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const nearestEquator = Math.max(0, Math.abs(center.lat) - innerLat);
  const innerLng = innerLat / Math.cos((nearestEquator * Math.PI) / 180);
  return {
    ...center,
    ...boundingBox(center, radiusMiles),
    radius: radiusMiles + RADIUS_EDGE_MILES,
    innerLat,
    innerLng,
  };
}

/**
 * Inside the radius: the box (an index range), then the inner box, where no distance need be computed, and only
 * outside it the exact distance.
 */
export function withinSql(rowLat: SQLWrapper, rowLng: SQLWrapper, p: Record<keyof NearParams, Value>): SQL {
  return sql`(${rowLat} between ${p.minLat}::float8 and ${p.maxLat}::float8
    and ${rowLng} between ${p.minLng}::float8 and ${p.maxLng}::float8
    and ((abs(${rowLat} - ${p.lat}::float8) <= ${p.innerLat}::float8
          and abs(${rowLng} - ${p.lng}::float8) <= ${p.innerLng}::float8)
      or ${distanceSql(rowLat, rowLng, p.lat, p.lng)} <= ${p.radius}::float8))`;
}

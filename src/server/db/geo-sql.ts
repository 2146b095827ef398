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
}

export function nearParams(center: LatLng, radiusMiles: number): NearParams {
  return { ...center, ...boundingBox(center, radiusMiles), radius: radiusMiles + RADIUS_EDGE_MILES };
}

/** Inside the radius: the box (an index range) and then the exact distance. */
export function withinSql(rowLat: SQLWrapper, rowLng: SQLWrapper, p: Record<keyof NearParams, Value>): SQL {
  return sql`(${rowLat} between ${p.minLat}::float8 and ${p.maxLat}::float8
    and ${rowLng} between ${p.minLng}::float8 and ${p.maxLng}::float8
    and ${distanceSql(rowLat, rowLng, p.lat, p.lng)} <= ${p.radius}::float8)`;
}

// The ZIP code centroids and the providers' service areas (decision 0048).
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { distanceSql } from '#server/db/geo-sql';
import type { Executor } from '#server/db/client';
import { serviceAreas, users, zipCodes } from '#server/db/schema/index';
import { DEFAULT_SERVICE_RADIUS, RADIUS_EDGE_MILES } from '#domain/geo';
import type { ZipPlace } from '#domain/schemas/geo.schema';

export async function findZip(db: Executor, zip: string): Promise<ZipPlace | null> {
  const [row] = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  return row ?? null;
}

/** The provider's chosen area, else their business ZIP code (null when neither), with its place. */
export async function serviceAreaOf(db: Executor, providerId: string) {
  const [row] = await db
    .select({
      chosenZip: serviceAreas.zip,
      radiusMiles: serviceAreas.radiusMiles,
      profileZip: users.zipCode,
    })
    .from(users)
    .leftJoin(serviceAreas, eq(serviceAreas.providerId, users.id))
    .where(eq(users.id, providerId))
    .limit(1);
  return row ?? null;
}

export async function saveServiceArea(
  db: Executor,
  providerId: string,
  zip: string,
  radiusMiles: number,
  at: Date,
) {
  await db
    .insert(serviceAreas)
    .values({ providerId, zip, radiusMiles, updatedAt: at })
    .onConflictDoUpdate({ target: serviceAreas.providerId, set: { zip, radiusMiles, updatedAt: at } });
}

/**
 * For a query over users (`userAlias` names the users row): joins `base`, the point a provider works from (the
 * chosen area's ZIP code, else the business ZIP code), null columns when neither is known. By primary keys, one
 * lookup per provider row.
 */
export function providerBaseJoinSql(userAlias: SQL): SQL {
  return sql`left join ${serviceAreas} base_area on base_area.provider_id = ${userAlias}.id
    left join ${zipCodes} base on base.zip = coalesce(base_area.zip, left(${userAlias}.zip_code, 5))`;
}

/**
 * For a query over users: the provider's area covers the point, or they have no area (no chosen one and no
 * business ZIP code the data knows): they are not left out of work they never said they could not reach. The area
 * is the chosen one, else the business ZIP code and DEFAULT_SERVICE_RADIUS; a correlated lookup per candidate by
 * primary keys (the candidates are the active providers of a category: a few thousand at most).
 */
export function coversPointSql(userId: SQLWrapper, lat: number, lng: number): SQL {
  return sql`coalesce((
    select ${distanceSql(sql`z.lat`, sql`z.lng`, lat, lng)}
      <= coalesce(sa.radius_miles, ${DEFAULT_SERVICE_RADIUS}) + ${RADIUS_EDGE_MILES}::float8
    from ${users} u
    left join ${serviceAreas} sa on sa.provider_id = u.id
    join ${zipCodes} z on z.zip = coalesce(sa.zip, left(u.zip_code, 5))
    where u.id = ${userId}
  ), true)`;
}

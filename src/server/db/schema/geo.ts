import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * US ZIP code centroids (decision 0048): reference data loaded from reference-data/zip-codes at start, again only
 * when the file changed (reference_data_loads keeps the hash of what was loaded).
 */
export const zipCodes = pgTable('zip_codes', {
  zip: text().primaryKey(),
  lat: doublePrecision().notNull(),
  lng: doublePrecision().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  /** IANA time zone of the centroid. */
  timeZone: text().notNull(),
});

/** Which version (a hash of the file) of a reference data set is in the tables. */
export const referenceDataLoads = pgTable('reference_data_loads', {
  name: text().primaryKey(),
  hash: text().notNull(),
  loadedAt: timestamp(tz).notNull().defaultNow(),
});

/**
 * The area a provider serves: a base ZIP code and a radius in miles. No row: the business profile's ZIP code
 * (users.zip_code) and DEFAULT_SERVICE_RADIUS.
 */
export const serviceAreas = pgTable(
  'service_areas',
  {
    providerId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    zip: text().notNull(),
    radiusMiles: integer().notNull(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [check('service_areas_radius', sql`${t.radiusMiles} in (5, 10, 25, 50, 100)`)],
);

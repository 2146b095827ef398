import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { estimates } from './estimates.ts';
import { bytea } from './columns.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * Pictures of an estimate (premium customers, up to 5 each): re-encoded on upload (no EXIF or GPS, bounded
 * size) and stored in the database so that every server instance serves them.
 */
export const estimatePictures = pgTable(
  'estimate_pictures',
  {
    id: uuid().primaryKey().defaultRandom(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [index('estimate_pictures_estimate_idx').on(t.estimateId, t.createdAt)],
);

export type EstimatePictureRow = typeof estimatePictures.$inferSelect;

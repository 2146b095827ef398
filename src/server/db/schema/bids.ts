import { index, pgEnum, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { estimates } from './estimates.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

export const bidStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export const bidStatusEnum = pgEnum('bid_status', bidStatuses);

/**
 * A provider's bid on a posted estimate (decision 0019): one per provider and
 * estimate. The owner accepts one (the estimate is then completed with that provider) and the others are
 * declined in the same transaction.
 */
export const bids = pgTable(
  'bids',
  {
    id: uuid().primaryKey().defaultRandom(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: bidStatusEnum().notNull().default('pending'),
    createdAt: timestamp(tz).notNull().defaultNow(),
    decidedAt: timestamp(tz),
  },
  (t) => [
    // One bid per provider and estimate; also the index of an estimate's bids (the "N Bids" badge, the list).
    unique('bids_estimate_provider_key').on(t.estimateId, t.providerId),
    // A provider's sent bids, newest first.
    index('bids_provider_created_idx').on(t.providerId, t.createdAt.desc()),
  ],
);
export type BidRow = typeof bids.$inferSelect;

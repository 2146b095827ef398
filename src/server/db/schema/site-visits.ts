import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { siteVisitStatuses, type SiteVisitSlot } from '#domain/site-visits';
import { estimates } from './estimates.ts';
import { reviewSideEnum } from './reviews.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

export const siteVisitStatusEnum = pgEnum('site_visit_status', siteVisitStatuses);

/**
 * An on-site visit a bidder proposed on a posted estimate (decision 0049): up to three slots, one open proposal
 * (proposed or confirmed) per provider and estimate. `startsAt`/`endsAt` are the earliest slot's while proposed
 * and the chosen one's once confirmed: the lists sort on them. `timeZone` is the job's, fixed at the proposal. A
 * no-show names the party who did not come (`noShowParty`); the other party records it, the named one may dispute.
 */
export const siteVisits = pgTable(
  'site_visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: siteVisitStatusEnum().notNull().default('proposed'),
    slots: jsonb().$type<SiteVisitSlot[]>().notNull(),
    chosenSlot: smallint(),
    startsAt: timestamp(tz).notNull(),
    endsAt: timestamp(tz).notNull(),
    timeZone: text().notNull(),
    declineNote: text(),
    cancelReason: text(),
    /** Who cancelled; null for the system (another provider hired) or while not cancelled. */
    cancelledBy: reviewSideEnum(),
    noShowParty: reviewSideEnum(),
    noShowAt: timestamp(tz),
    disputeNote: text(),
    disputedAt: timestamp(tz),
    createdAt: timestamp(tz).notNull().defaultNow(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    // One open proposal per provider and estimate (a second is refused with 409).
    uniqueIndex('site_visits_open_key')
      .on(t.estimateId, t.providerId)
      .where(sql`status in ('proposed', 'confirmed')`),
    // Each party's list, upcoming first (by end, then start), and the estimate's visits.
    index('site_visits_customer_idx').on(t.customerId, t.endsAt, t.startsAt),
    index('site_visits_provider_idx').on(t.providerId, t.endsAt, t.startsAt),
    index('site_visits_estimate_idx').on(t.estimateId, t.status),
    // A provider's counted no-shows (the reputation).
    index('site_visits_provider_no_show_idx')
      .on(t.providerId, t.noShowAt)
      .where(sql`no_show_party = 'provider' and disputed_at is null`),
  ],
);
export type SiteVisitRow = typeof siteVisits.$inferSelect;

import { boolean, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Reference data, loaded idempotently at start from src/domain (the source of truth). */
export const regions = pgTable('regions', {
  id: integer().primaryKey(),
  name: text().notNull(),
  state: text().notNull(),
  location: text().notNull(),
  multiplier: numeric({ precision: 6, scale: 3, mode: 'number' }).notNull(),
});

export const categories = pgTable('categories', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** 'estimate' (wizard catalogue), 'signup', 'filter' (filter lists only) or 'automotive'. */
  kind: text().notNull(),
});

/** Subscription plans of providers and customers (the same id, e.g. 'free', exists for both audiences). */
export const plans = pgTable(
  'plans',
  {
    audience: text().notNull(),
    id: text().notNull(),
    name: text().notNull(),
    /** Monthly price in cents; null for contact-sales plans. */
    priceCents: integer(),
    selfSelectable: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.audience, t.id] })],
);

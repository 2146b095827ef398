import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

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

export const plans = pgTable('plans', {
  id: text().primaryKey(),
  audience: text().notNull(),
  name: text().notNull(),
  /** Monthly price in cents; null for contact-sales plans. */
  priceCents: integer(),
  selfSelectable: boolean().notNull(),
});

import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

export const tokenPurposes = ['verify_email', 'reset_password'] as const;
export const tokenPurposeEnum = pgEnum('token_purpose', tokenPurposes);

/** Single-use email tokens (verification, password reset), bound to a user and a purpose, stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp(tz).notNull().defaultNow(),
    expiresAt: timestamp(tz).notNull(),
    usedAt: timestamp(tz),
  },
  (t) => [index().on(t.userId, t.purpose)],
);

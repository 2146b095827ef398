import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * Two-step verification (decision 0024): one row per account that started or finished setting up an
 * authenticator app. `pendingSecret` is a set-up not yet confirmed; `secret` with `enabledAt` is two-step on.
 * `lastUsedStep` is the 30-second TOTP time step of the newest code accepted: a code is accepted once.
 */
export const twoStepSettings = pgTable('two_step_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 TOTP secret in force; null while two-step is off. Never sent to a client after set-up. */
  secret: text(),
  enabledAt: timestamp(tz),
  lastUsedStep: bigint({ mode: 'number' }),
  /** A set-up started and not yet confirmed with a code and the password. */
  pendingSecret: text(),
  pendingExpiresAt: timestamp(tz),
});

/** One-time recovery codes of an account with two-step on, stored as argon2id hashes only. */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: timestamp(tz).notNull().defaultNow(),
    usedAt: timestamp(tz),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A sign-in whose password was right and whose code is still due: short-lived, single-use, stored as the SHA-256
 * of the token the client holds. It dies after 5 wrong codes.
 */
export const twoStepChallenges = pgTable(
  'two_step_challenges',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The "remember me" of the sign-in that started it. */
    persistent: boolean().notNull().default(false),
    failedCodes: integer().notNull().default(0),
    createdAt: timestamp(tz).notNull().defaultNow(),
    expiresAt: timestamp(tz).notNull(),
    usedAt: timestamp(tz),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

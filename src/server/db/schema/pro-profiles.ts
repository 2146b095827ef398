import { date, index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { credentialKinds, credentialStatuses } from '#domain/profiles';
import { bytea } from './columns.ts';
import { estimates } from './estimates.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

export const credentialKindEnum = pgEnum('credential_kind', credentialKinds);
export const credentialStatusEnum = pgEnum('credential_status', credentialStatuses);

/**
 * A license or an insurance policy a provider uploaded for an admin to check (decision 0045). Only an approved one
 * whose `expiresOn` has not passed shows as a badge, computed from the date on every read. The document is private
 * (its owner and admins); it is deleted (`document` null, `documentDeletedAt` set) 90 days after a denial or the
 * expiry. Changing the number or the expiry sends the credential back to `pending`.
 */
export const providerCredentials = pgTable(
  'provider_credentials',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: credentialKindEnum().notNull(),
    status: credentialStatusEnum().notNull().default('pending'),
    /** A license: the issuing state (two letters), its number and the trade. */
    state: text(),
    number: text(),
    trade: text(),
    /** Insurance: the insurer, the policy number and the general liability coverage in whole dollars. */
    insurer: text(),
    policyNumber: text(),
    coverageAmount: integer(),
    expiresOn: date({ mode: 'string' }).notNull(),
    /** The uploaded document as stored (a re-encoded image or the checked PDF); null once deleted. */
    documentType: text().notNull(),
    documentBytes: integer().notNull(),
    document: bytea(),
    documentDeletedAt: timestamp(tz),
    createdAt: timestamp(tz).notNull().defaultNow(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
    /** The admin's verdict: when, by whom, and the comment the provider is told. */
    reviewedAt: timestamp(tz),
    reviewedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reviewComment: text(),
  },
  (t) => [
    // The admin's Verifications tab: a status, oldest first.
    index('provider_credentials_status_idx').on(t.status, t.createdAt, t.id),
    // A provider's own list and the badges of a profile, a bid, a task list.
    index('provider_credentials_provider_idx').on(t.providerId, t.kind, t.expiresOn),
  ],
);
export type ProviderCredentialRow = typeof providerCredentials.$inferSelect;

/**
 * A portfolio photo (up to 24 a provider), re-encoded like estimate pictures. One copied from a photo of the
 * provider's own completed job keeps that job's category and month ("Verified job"), also if the job is later
 * deleted; an uploaded one has none.
 */
export const portfolioPhotos = pgTable(
  'portfolio_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order on the page, from 0; the owner reorders. */
    position: integer().notNull(),
    caption: text().notNull().default(''),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    data: bytea().notNull(),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    /** A verified job's category key and month (YYYY-MM), kept with the photo. */
    verifiedCategory: text(),
    verifiedMonth: text(),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [index('portfolio_photos_provider_idx').on(t.providerId, t.position)],
);
export type PortfolioPhotoRow = typeof portfolioPhotos.$inferSelect;

/** A customer invited a pro (from the pro's public page) to bid on one of their posted estimates; once a pair. */
export const estimateInvitations = pgTable(
  'estimate_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('estimate_invitations_estimate_provider_key').on(t.estimateId, t.providerId),
    index('estimate_invitations_provider_idx').on(t.providerId, t.createdAt.desc()),
  ],
);

// Public pro profiles and verified credentials: what the directory, a credential upload, a moderator's verdict and
// a portfolio photo's caption accept. The credential's document travels as a multipart part beside these fields;
// its type is read from its content on the server, never from its name.
import { z } from 'zod';
import { credentialKinds } from '../profiles.ts';
import { ymdSchema } from './common.ts';
import { distanceField, nearQueryShape } from './geo.schema.ts';

export const PORTFOLIO_LIMITS = { maxPhotos: 24, captionMax: 140 } as const;
export const CREDENTIAL_LIMITS = { maxDocumentBytes: 10 * 1024 * 1024, maxPdfPages: 20 } as const;

const shortText = (what: string, max: number) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `At most ${max} characters`);

/** The fields of POST /api/provider/credentials: a license names its state, number and trade; insurance its policy. */
export const credentialFieldsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('license'),
    state: z
      .string({ message: 'Choose the state that issued the license' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Use the two-letter state code, such as FL'),
    number: shortText('The license number', 40),
    trade: shortText('The trade', 80),
    expiresOn: ymdSchema,
  }),
  z.object({
    kind: z.literal('insurance'),
    insurer: shortText('The insurer', 120),
    policyNumber: shortText('The policy number', 60),
    coverageAmount: z.coerce
      .number({ message: 'Enter the coverage in dollars' })
      .int('Enter whole dollars')
      .min(1, 'Enter the coverage in dollars')
      .max(100_000_000, 'At most $100,000,000'),
    expiresOn: ymdSchema,
  }),
]);
export type CredentialFields = z.infer<typeof credentialFieldsSchema>;
export const credentialKindSchema = z.enum(credentialKinds);

/** PUT /api/admin/credentials/{id}: approve, or deny with the comment the provider is told. */
export const credentialDecisionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved'), comment: z.string().trim().max(500).default('') }),
  z.object({
    status: z.literal('denied'),
    comment: z
      .string({ message: 'Say why it is denied' })
      .trim()
      .min(5, 'Say why it is denied')
      .max(500, 'At most 500 characters'),
  }),
]);

/** A portfolio photo's caption (POST and PATCH /api/provider/portfolio). */
export const portfolioCaptionSchema = z
  .string()
  .trim()
  .max(PORTFOLIO_LIMITS.captionMax, `At most ${PORTFOLIO_LIMITS.captionMax} characters`);

export const directorySorts = ['ranking', 'newest', 'jobs'] as const;

/** GET /api/providers: the public directory's filters, sort and page. */
export const directoryQuerySchema = z.object({
  category: z.string().trim().max(60).optional(),
  city: z.string().trim().max(100).optional(),
  minRating: z.coerce.number().min(1).max(5).optional(),
  verified: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(directorySorts).default('ranking'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  /** Near a ZIP code (decision 0048): each card says how far the pro's base is; with `radius`, only those inside. */
  ...nearQueryShape,
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

// ---- What the API answers (the server builds these; the screens and the server-rendered page read them) ----

/** A verified, unexpired credential as a badge (src/domain/profiles Badge; text from badgeText). */
export const badgeSchema = z.object({
  kind: z.enum(credentialKinds),
  state: z.string().nullable(),
  number: z.string().nullable(),
  trade: z.string().nullable(),
  coverageAmount: z.number().int().nullable(),
  /** YYYY-MM-DD: the last day it shows. */
  expiresOn: z.string(),
  /** ISO time of the admin's approval. */
  verifiedAt: z.string(),
});

/** A portfolio photo as the public page shows it. `verified` is set for a photo taken from a completed job. */
export const portfolioItemSchema = z.object({
  id: z.string(),
  /** Public image address: GET /api/providers/{providerId}/portfolio/{id}. */
  url: z.string(),
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
  verified: z.object({ category: z.string(), categoryLabel: z.string(), month: z.string() }).nullable(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

/** The public facts of a pro shared by the directory's cards and the profile page. */
export const providerCardSchema = z.object({
  id: z.string(),
  /** The current page address, /pros/{id}-{slug} (src/domain/profiles proPath). */
  path: z.string(),
  companyName: z.string().nullable(),
  /** "Dana K." */
  name: z.string(),
  categories: z.array(z.object({ key: z.string(), label: z.string() })),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** ISO time the account was created. */
  memberSince: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  completedJobs: z.number().int(),
  /** On a featured plan: listed first (the plan's promise, said on /how-ranking-works). */
  featured: z.boolean(),
  badges: z.array(badgeSchema),
  /** Miles from the directory's `near` ZIP code to the pro's base; null when the pro's base is unknown. */
  ...distanceField,
});
export type ProviderCard = z.infer<typeof providerCardSchema>;

/** GET /api/providers: the directory, one page. */
export const directoryResponseSchema = z.object({
  items: z.array(providerCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>;

/**
 * GET /api/providers/{id}: the public profile. The reputation and the first page of reviews come from their own
 * routes (GET /api/providers/{id}/reputation, /reviews); the server-rendered page puts all three in its data.
 */
export const publicProfileSchema = providerCardSchema.extend({
  description: z.string().nullable(),
  medianFirstResponseSeconds: z.number().nullable(),
  portfolio: z.array(portfolioItemSchema),
  /** false: hidden from the directory and search engines (the page says noindex), still open by its address. */
  listed: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A credential as its owner sees it (GET /api/provider/credentials); admins see the same with the provider. */
export const credentialSchema = z.object({
  id: z.string(),
  kind: z.enum(credentialKinds),
  status: z.enum(['pending', 'approved', 'denied']),
  state: z.string().nullable(),
  number: z.string().nullable(),
  trade: z.string().nullable(),
  insurer: z.string().nullable(),
  policyNumber: z.string().nullable(),
  coverageAmount: z.number().int().nullable(),
  expiresOn: z.string(),
  /** application/pdf, image/jpeg or image/png; the document address is GET /api/provider/credentials/{id}/document. */
  documentType: z.string(),
  documentBytes: z.number().int(),
  /** The document was deleted (90 days after a denial or the expiry). */
  documentDeleted: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The admin's comment (required on a denial). */
  reviewComment: z.string().nullable(),
  /** Shows as a badge today: approved and not expired. */
  badgeActive: z.boolean(),
});
export type Credential = z.infer<typeof credentialSchema>;

/** GET /api/admin/credentials?status=…: a credential with who uploaded it; the document at …/document. */
export const adminCredentialSchema = credentialSchema.extend({
  provider: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
  }),
});
export type AdminCredential = z.infer<typeof adminCredentialSchema>;

export const adminCredentialQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'denied', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** PATCH /api/provider/portfolio/{id}: a new caption and/or a new place (0-based) in the order. */
export const portfolioPatchSchema = z
  .object({
    caption: portfolioCaptionSchema.optional(),
    position: z
      .number()
      .int()
      .min(0)
      .max(PORTFOLIO_LIMITS.maxPhotos - 1)
      .optional(),
  })
  .refine((p) => p.caption !== undefined || p.position !== undefined, 'Send a caption or a position');

/** POST /api/estimates/{id}/invitations: invite this pro to bid on the estimate (a draft is posted first). */
export const invitationBodySchema = z.object({ providerId: z.string().uuid('Choose a pro') });

/** A photo of one of the provider's completed jobs not yet in their portfolio (the screen offers it). */
export const portfolioJobPhotoSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  /** The job's photo address (GET /api/jobs/{jobId}/photos/{id}). */
  url: z.string(),
  categoryLabel: z.string(),
  /** YYYY-MM: the month the job completed. */
  month: z.string(),
});
export type PortfolioJobPhoto = z.infer<typeof portfolioJobPhotoSchema>;

/** GET /api/provider/portfolio: the owner's photos in order, and the job photos they may add. */
export const ownerPortfolioSchema = z.object({
  items: z.array(portfolioItemSchema),
  jobPhotos: z.array(portfolioJobPhotoSchema),
});
export type OwnerPortfolio = z.infer<typeof ownerPortfolioSchema>;

/** POST /api/estimates/{id}/invitations: the invitation; `posted` when this call posted the draft first. */
export const invitationResponseSchema = z.object({
  id: z.string(),
  estimateId: z.string(),
  providerId: z.string(),
  posted: z.boolean(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

/**
 * PATCH /api/provider/credentials/{id}: the kind's fields, each optional (a field of the other kind is refused).
 * Changing what the badge states (a license's state or number, a policy's number or coverage, the expiry) sends
 * the credential back to pending.
 */
export const credentialPatchSchema = z
  .object({
    state: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Use the two-letter state code, such as FL')
      .optional(),
    number: shortText('The license number', 40).optional(),
    trade: shortText('The trade', 80).optional(),
    insurer: shortText('The insurer', 120).optional(),
    policyNumber: shortText('The policy number', 60).optional(),
    coverageAmount: z
      .number({ message: 'Enter the coverage in dollars' })
      .int('Enter whole dollars')
      .min(1, 'Enter the coverage in dollars')
      .max(100_000_000, 'At most $100,000,000')
      .optional(),
    expiresOn: ymdSchema.optional(),
  })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Send at least one field to change');
export type CredentialPatch = z.infer<typeof credentialPatchSchema>;

// Public pro profiles and verified credentials: what the directory, a credential upload, a moderator's verdict and
// a portfolio photo's caption accept. The credential's document travels as a multipart part beside these fields;
// its type is read from its content on the server, never from its name.
import { z } from 'zod';
import { credentialKinds } from '../profiles.ts';
import { ymdSchema } from './common.ts';

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
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

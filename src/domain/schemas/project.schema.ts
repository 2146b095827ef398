// Public projects. The post form has no client validation and sends what
// was typed (budgets as strings or numbers), so these schemas are the one place the public form is validated:
// every message names the field and says what to fix.
import { ZIP_MESSAGE } from '../geo.ts';
import { distanceField, nearQueryShape } from './geo.schema.ts';
import { z } from 'zod';
import { categoryLabel, DEFAULT_PROJECT_CITY, taskCategoryIds } from '../catalog/categories.ts';
import { parseDecimal } from '../money.ts';
import { idSchema } from './common.ts';

export const PROJECT_TITLE_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const PROJECT_CITY_MAX = 80;
export const PROJECT_MESSAGE_MAX = 2000;
/** The largest budget or offer accepted, in dollars (fits integer cents in the database). */
export const MAX_AMOUNT_DOLLARS = 10_000_000;
/** The live list's page size when none is asked for, and the most one page may hold. */
export const PROJECTS_PAGE_SIZE = 20;
export const PROJECTS_PAGE_SIZE_MAX = 100;

/** Categories a project may have: the catalogue's eight task categories (the form offers four of them). */
export const projectCategoryIds = taskCategoryIds;
export type ProjectCategoryId = (typeof projectCategoryIds)[number];

const categoryList = projectCategoryIds.map(categoryLabel).join(', ');
export const CATEGORY_MESSAGE = `Choose a category: ${categoryList}`;

/** A category id from an id or a label in any case ("Kitchen", "kitchen", "HVAC"), or null. */
export function toProjectCategory(value: string): ProjectCategoryId | null {
  const key = value.trim().toLowerCase();
  return (projectCategoryIds as readonly string[]).includes(key) ? (key as ProjectCategoryId) : null;
}

/** Line breaks, tabs and other control characters, and the bidirectional overrides that reorder text. */
const CONTROL = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Control characters other than line breaks and tabs (a description may have paragraphs). */
const CONTROL_BUT_LINES = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const stripLines = (s: string) => s.replace(/[\n\r\t]/g, '');

/** A required one-line text field: "{Label} is required", bounded, no control characters. */
const requiredLine = (label: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${label} must be a single line of plain text`);

/**
 * An amount of dollars as typed: a number or a string of digits with an optional point and up to two decimals
 * ("1,200", "$850.50" and " 900 " are read as typed by a person). Empty or missing is null. Answers integer cents.
 */
export const dollarsToCents = (label: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be an amount of dollars` })
    .optional()
    .transform((v, ctx) => {
      if (v == null) return null;
      const text = typeof v === 'number' ? v : v.trim().replace(/^\$/, '').replace(/,/g, '');
      if (text === '') return null;
      if (typeof text === 'number' && text < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
        return z.NEVER;
      }
      if (typeof text === 'string' && /^-/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
        return z.NEVER;
      }
      const d = parseDecimal(text);
      if (!d) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be an amount of dollars, like 1500 or 1500.50`,
        });
        return z.NEVER;
      }
      if (d.scale > 2) {
        const trimmed = d.n % 10n ** BigInt(d.scale - 2) === 0n;
        if (!trimmed) {
          ctx.addIssue({ code: 'custom', message: `${label} can have at most 2 decimals (cents)` });
          return z.NEVER;
        }
      }
      const cents = d.scale >= 2 ? d.n / 10n ** BigInt(d.scale - 2) : d.n * 10n ** BigInt(2 - d.scale);
      if (cents > BigInt(MAX_AMOUNT_DOLLARS) * 100n) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be at most $${MAX_AMOUNT_DOLLARS.toLocaleString('en-US')}`,
        });
        return z.NEVER;
      }
      return Number(cents);
    });

/** POST /api/tasks/post body {title, category, description, city, minBudget, maxBudget}. */
export const postProjectSchema = z
  .object({
    title: requiredLine('Title', PROJECT_TITLE_MAX),
    category: z
      .string({ error: (iss) => (iss.input === undefined ? 'Category is required' : CATEGORY_MESSAGE) })
      .trim()
      .min(1, 'Category is required')
      .max(50, CATEGORY_MESSAGE)
      .transform((v, ctx) => {
        const id = toProjectCategory(v);
        if (!id) {
          ctx.addIssue({ code: 'custom', message: CATEGORY_MESSAGE });
          return z.NEVER;
        }
        return id;
      }),
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(PROJECT_DESCRIPTION_MAX, `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`)
      .refine((v) => !CONTROL_BUT_LINES.test(stripLines(v)), 'Description must be plain text')
      .nullish()
      .transform((v) => v ?? ''),
    city: requiredLine('City', PROJECT_CITY_MAX),
    /** Optional ZIP code beside the city (decision 0048): checked by the server only, against its ZIP code data. */
    zipCode: z
      .string({ error: ZIP_MESSAGE })
      .trim()
      .max(10, ZIP_MESSAGE)
      .nullish()
      .transform((v) => v || null),
    minBudget: dollarsToCents('Minimum budget'),
    maxBudget: dollarsToCents('Maximum budget'),
  })
  .superRefine((v, ctx) => {
    if (v.minBudget != null && v.maxBudget != null && v.minBudget > v.maxBudget) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxBudget'],
        message: 'Maximum budget must be at least the minimum budget',
      });
    }
  });
/** What the form sends (before the server reads it). */
export type PostProjectBody = z.input<typeof postProjectSchema>;
/** What the server stores: category id, budgets in cents. */
export type PostProjectInput = z.output<typeof postProjectSchema>;

/** POST /api/projects/{id}/messages body {body, offerAmount}: offerAmount optional, dollars with cents. */
export const projectMessageSchema = z.object({
  body: z
    .string({ error: (iss) => (iss.input === undefined ? 'Message is required' : 'Message must be text') })
    .trim()
    .min(1, 'Message is required')
    .max(PROJECT_MESSAGE_MAX, `Message must be at most ${PROJECT_MESSAGE_MAX} characters`)
    .refine((v) => !CONTROL_BUT_LINES.test(stripLines(v)), 'Message must be plain text'),
  offerAmount: dollarsToCents('Offer'),
});
export type ProjectMessageBody = z.input<typeof projectMessageSchema>;

/** POST /api/projects/{id}/connect body {providerUserId}. */
export const projectConnectSchema = z.object({ providerUserId: idSchema });
export type ProjectConnectBody = z.input<typeof projectConnectSchema>;

/** GET /api/projects and /api/public/projects query: city, category (empty or "all" = any), page, pageSize. */
export const projectListQuerySchema = z.object({
  city: z.string().trim().max(PROJECT_CITY_MAX).optional(),
  category: z.string().trim().max(50).optional(),
  ...nearQueryShape,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PROJECTS_PAGE_SIZE_MAX).default(PROJECTS_PAGE_SIZE),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses. Nothing here carries the owner's id, email or phone: a public project is anonymous until its owner
// connects with a provider, and then only that provider gets `contact`.

export const projectStatuses = ['live', 'closed'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/** A public project as every list and the detail show it. Budgets in dollars. */
export const publicProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  city: z.string(),
  description: z.string(),
  createdAt: z.string(),
  minBudget: z.number().nullable(),
  maxBudget: z.number().nullable(),
  /** The same budgets under the names the live list reads (budgetMin, budgetMax). */
  budgetMin: z.number().nullable(),
  budgetMax: z.number().nullable(),
  messageCount: z.number().int(),
  /** live: listed and taking offers; closed (by its owner): out of the lists, no more offers. */
  status: z.enum(projectStatuses),
  /** Miles from the list's `near` ZIP code (decision 0048), one decimal; null without a location. */
  ...distanceField,
});
export type PublicProject = z.infer<typeof publicProjectSchema>;

export const projectListSchema = z.object({
  projects: z.array(publicProjectSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProjectList = z.infer<typeof projectListSchema>;

/** A message on a project, with the sender's display name. offerAmount in dollars. */
export const projectMessageViewSchema = z.object({
  id: z.string(),
  body: z.string(),
  offerAmount: z.number().nullable(),
  senderUserId: z.string(),
  senderName: z.string(),
  createdAt: z.string(),
  /** Whether the owner has shared contact details with this sender (owner's view; false otherwise). */
  connected: z.boolean(),
});
export type ProjectMessageView = z.infer<typeof projectMessageViewSchema>;

export const projectContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type ProjectContact = z.infer<typeof projectContactSchema>;

/** GET /api/projects/{id}: the project, the messages this viewer may read, and what this viewer may do. */
export const projectDetailSchema = z.object({
  project: publicProjectSchema,
  messages: z.array(projectMessageViewSchema),
  viewer: z.object({
    role: z.enum(['anonymous', 'owner', 'provider', 'other']),
    /** Whether the viewer may send a message or offer. */
    canMessage: z.boolean(),
    /** Why not, when the viewer is a provider without access to the category. */
    messageBlockedReason: z.string().nullable(),
    /** A provider the owner connected with. */
    connected: z.boolean(),
  }),
  /** The owner's contact details: only for a provider the owner connected with; null for everyone else. */
  contact: projectContactSchema.nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const postProjectResponseSchema = z.object({ ok: z.literal(true), project: publicProjectSchema });
export const projectMessageResponseSchema = z.object({ message: projectMessageViewSchema });
export const projectConnectResponseSchema = z.object({
  ok: z.literal(true),
  message: z.literal("Contact shared. You're connected!"),
});
export const CONNECTED_MESSAGE = "Contact shared. You're connected!" as const;
/** POST /api/projects/{id}/close: the owner's project, now closed (closing a closed project answers the same). */
export const projectCloseResponseSchema = z.object({ ok: z.literal(true), project: publicProjectSchema });
export type ProjectCloseResponse = z.infer<typeof projectCloseResponseSchema>;

/** GET /api/projects/cities: cities with live projects (with counts), every region city, and the default. */
export const projectCitiesSchema = z.object({
  defaultCity: z.string(),
  live: z.array(z.object({ city: z.string(), count: z.number().int() })),
  cities: z.array(z.string()),
});
export type ProjectCities = z.infer<typeof projectCitiesSchema>;
export { DEFAULT_PROJECT_CITY };

/** GET /api/projects/mine query: a page of the signed-in owner's projects, newest first. */
export const myProjectsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PROJECTS_PAGE_SIZE_MAX).default(5),
});

/**
 * GET /api/projects/mine: the owner's projects (live and closed, newest first) with their offers, `total` of
 * them all and `live`, how many are still listed and taking offers.
 */
export const myProjectsSchema = z.object({
  projects: z.array(publicProjectSchema),
  total: z.number().int(),
  live: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MyProjects = z.infer<typeof myProjectsSchema>;

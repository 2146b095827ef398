// The providers' task feeds (GET /api/tasks, /api/tasks/posted, /api/recommendations): posted estimates and the
// live public projects the provider's plan opens, in one list. Every item says its `kind`. An estimate item is the
// estimate read it always was; a project item carries the fields a list card reads under the same names (id,
// title, description, category, city, state, region, the budget range, bidCount, the dates, providerAccess) and
// none of an estimate's own (task, subtasks, measurements, grade, line items, the owner's id or name: a project
// stays anonymous until its owner connects). Decision 0038.
import { z } from 'zod';
import { estimateSchema, type Estimate } from './estimate-api.schema.ts';

export const feedKinds = ['estimate', 'project'] as const;
export type FeedKind = (typeof feedKinds)[number];

/** What an estimate has and a project in the feed does not. */
const estimateOnly = {
  task: true,
  taskId: true,
  subtasks: true,
  subtaskIds: true,
  measurements: true,
  gradeLevel: true,
  regionId: true,
  finalEstimate: true,
  gradeMultiplier: true,
  regionMultiplier: true,
  regionSource: true,
  lineItems: true,
  address: true,
  zipCode: true,
  status: true,
  customerId: true,
  customerName: true,
  updatedAt: true,
} as const;

/**
 * One item of a feed as it goes over the wire: one closed object (the serializer writes it without trying
 * alternatives), with an estimate's own fields present on estimates only. A project's budget ends may be null.
 */
export const feedItemSchema = estimateSchema.partial(estimateOnly).extend({
  kind: z.enum(feedKinds),
  minBudget: z.number().nullable(),
  maxBudget: z.number().nullable(),
});

export type EstimateFeedItem = Estimate & { kind: 'estimate' };

/** A live public project in a provider's feed. bidCount is the number of offers and messages it got. */
export interface ProjectFeedItem {
  kind: 'project';
  id: string;
  title: string;
  description: string;
  category: string;
  /** The project's city; region repeats it (the label the estimate cards show). */
  city: string;
  state: string;
  region: string;
  minBudget: number | null;
  maxBudget: number | null;
  bidCount: number;
  createdAt: string;
  datePosted: string;
  providerAccess?: Estimate['providerAccess'];
  /** Miles from the list's `near` ZIP code (decision 0048); null without a location. */
  distanceMiles?: number | null;
}

/** What a client reads: an estimate or a project, told apart by `kind`. */
export type FeedItem = EstimateFeedItem | ProjectFeedItem;

export const feedPageSchema = z.object({
  items: z.array(feedItemSchema),
  total: z.number().int(),
  /** True when more than `total` match (the feeds stop counting at POSTED_LIST_COUNT_CAP). */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export interface FeedPage {
  items: FeedItem[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/** GET /api/recommendations and /api/tasks/recommendations: the best matches first, each with its reason. */
export const feedRecommendationsSchema = z.object({
  items: z.array(feedItemSchema.extend({ matchScore: z.number().int(), matchReason: z.string() })),
});
export interface FeedRecommendations {
  items: (FeedItem & { matchScore: number; matchReason: string })[];
}

// The public reference data that anyone may read, signed in or not: the runtime configuration
// (GET /api/config) and the service regions a provider picks from at sign-up (GET /api/regions).
import { z } from 'zod';

/** GET /api/config: whether the beta banner shows, its text and the feedback form address. */
export const publicConfigSchema = z.object({
  BETA_MODE: z.boolean(),
  BETA_BANNER_TEXT: z.string(),
  BETA_FEEDBACK_URL: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** One GET /api/regions item (regions/index.ts toRegionListItem): the id, the city or area and its state. */
export const regionListItemSchema = z.object({ id: z.number(), name: z.string(), state: z.string() });
export type RegionListItem = z.infer<typeof regionListItemSchema>;

/** GET /api/regions: every region, sorted by state then name. */
export const regionListSchema = z.array(regionListItemSchema);

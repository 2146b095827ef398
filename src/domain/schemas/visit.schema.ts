// POST /api/visits: a page view or navigation click for the admin's visit analytics.
import { z } from 'zod';

export const visitEventTypes = ['page_view', 'nav_click'] as const;

export const visitEventSchema = z.object({
  type: z.enum(visitEventTypes).default('page_view'),
  page: z.string().trim().min(1).max(500).startsWith('/', 'page must be a path'),
  label: z.string().trim().max(100).optional(),
  referrer: z.string().max(1000).optional(),
});
export type VisitEvent = z.input<typeof visitEventSchema>;

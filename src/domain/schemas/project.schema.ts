// Public projects (spec part 2 sections 2, 5 and 7). The post form has no client validation and sends budgets
// as typed; the server still bounds what it stores.
import { z } from 'zod';
import { idSchema } from './common.ts';

const budget = z
  .union([z.number(), z.string().trim()])
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v.replace(/[$,\s]/g, ''));
    if (!Number.isFinite(n) || n < 0 || n > 100_000_000) {
      ctx.addIssue({ code: 'custom', message: 'Budget must be a positive amount' });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** POST /api/tasks/post body. */
export const postProjectSchema = z.object({
  title: z.string().trim().max(200).default(''),
  category: z.string().trim().max(50).default(''),
  description: z.string().trim().max(5000).default(''),
  city: z.string().trim().max(100).default(''),
  minBudget: budget,
  maxBudget: budget,
});
export type PostProjectInput = z.infer<typeof postProjectSchema>;

/** POST /api/projects/{id}/messages body. */
export const projectMessageSchema = z.object({
  body: z.string().trim().min(1, 'Message cannot be empty').max(5000),
  offerAmount: budget,
});

/** POST /api/projects/{id}/connect body. */
export const projectConnectSchema = z.object({ providerUserId: idSchema });

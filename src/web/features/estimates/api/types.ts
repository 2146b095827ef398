// What the estimate reads return: the domain's estimate read schema (spec entity plus ids, the server's price,
// the stored line items and the multipliers behind them), imported as types only.
import type {
  Estimate,
  EstimateLineItem,
  EstimatePage,
  EstimateUsage,
} from '#domain/schemas/estimate-api.schema';

export type { Estimate, EstimateLineItem, EstimatePage, EstimateUsage };

export interface EstimateListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  status?: string;
  category?: string;
  task?: string;
}

/** ESTIMATE_PAGE_SIZE of the domain (not imported: the schema module carries zod). */
export const DEFAULT_PAGE_SIZE = 10;

/** The query string of a list call: only the filters that narrow anything. */
export function listQuery(p: EstimateListParams): string {
  const q = new URLSearchParams();
  if (p.page && p.page > 1) q.set('page', String(p.page));
  q.set('pageSize', String(p.pageSize ?? DEFAULT_PAGE_SIZE));
  if (p.search?.trim()) q.set('search', p.search.trim());
  if (p.status && p.status !== 'all') q.set('status', p.status);
  if (p.category && p.category !== 'all') q.set('category', p.category);
  if (p.task && p.task !== 'all') q.set('task', p.task);
  return q.toString();
}

/** Reads a list answer: the domain's page object (a bare array is read as one page). */
export function toPage(body: EstimatePage | Estimate[], p: EstimateListParams): EstimatePage {
  if (Array.isArray(body)) {
    return {
      items: body,
      total: body.length,
      totalCapped: false,
      page: p.page ?? 1,
      pageSize: p.pageSize ?? DEFAULT_PAGE_SIZE,
    };
  }
  return body;
}

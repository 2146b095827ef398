// What the estimate reads return (issue 9: the spec's estimate entity plus ids and the stored line items).
// Provisional client-side shape until the domain holds the read schema; every field the screens rely on is
// read defensively (lists may be a bare array or a page object).
import type { EstimateStatus } from '#domain/catalog/categories';

export interface EstimateLineItem {
  subtaskId: string;
  name: string;
  measurementType?: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  amount: number;
  amountCents?: number;
  gradeMultiplier?: number;
  regionMultiplier?: number;
  source?: string;
}

export interface Estimate {
  id: string;
  title: string;
  description: string | null;
  category: string;
  task: string;
  taskId?: string | null;
  subtasks: string[];
  subtaskIds?: string[];
  measurements: unknown;
  gradeLevel: string;
  region: string | null;
  regionId?: number | null;
  finalEstimate: number;
  minBudget: number;
  maxBudget: number;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  status: EstimateStatus;
  bidCount?: number;
  createdAt: string;
  datePosted?: string | null;
  customerId: string;
  customerName?: string | null;
  lineItems?: EstimateLineItem[];
  regionMultiplier?: number;
  gradeMultiplier?: number;
}

export interface EstimatePage {
  items: Estimate[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EstimateListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  status?: string;
  category?: string;
  task?: string;
}

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

/** Reads a list answer: a page object ({ items | estimates | data, total, page, pageSize }) or a bare array. */
export function toPage(body: unknown, p: EstimateListParams): EstimatePage {
  const pageSize = p.pageSize ?? DEFAULT_PAGE_SIZE;
  if (Array.isArray(body)) {
    return { items: body as Estimate[], total: body.length, page: p.page ?? 1, pageSize };
  }
  const o = (body ?? {}) as Record<string, unknown>;
  const items = (o.items ?? o.estimates ?? o.data ?? []) as Estimate[];
  return {
    items,
    total: typeof o.total === 'number' ? o.total : items.length,
    page: typeof o.page === 'number' ? o.page : (p.page ?? 1),
    pageSize: typeof o.pageSize === 'number' ? o.pageSize : pageSize,
  };
}

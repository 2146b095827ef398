import { describe, expect, it } from 'vitest';
import {
  createEstimateSchema,
  estimateListQuerySchema,
  LIMIT_MESSAGES,
  normalizeEstimatePayload,
  PICTURE_MESSAGES,
} from './estimate-api.schema.ts';

const wizardBody = {
  title: 'Kitchen Remodel - kitchen',
  category: 'kitchen',
  task: 'Kitchen Remodel',
  subtasks: ['Cabinets', 'COUNTERTOPS'],
  measurements: JSON.stringify({ Cabinets: { length: '10' }, countertops: { length: '5', width: '2' } }),
  gradeLevel: 'Standard',
  region: 'Anchorage, AK',
};

describe('normalizeEstimatePayload', () => {
  it('resolves subtask names and ids in any case, and measurement keys, to catalogue ids', () => {
    expect(normalizeEstimatePayload(wizardBody)).toMatchObject({
      subtasks: ['kitchen-cabinets', 'kitchen-countertops'],
      measurements: {
        'kitchen-cabinets': { length: '10' },
        'kitchen-countertops': { length: '5', width: '2' },
      },
    });
  });

  it('leaves what it cannot resolve for the schema to report', () => {
    expect(normalizeEstimatePayload(null)).toBe(null);
    expect(normalizeEstimatePayload({ category: 'nope', subtasks: ['x'] })).toEqual({
      category: 'nope',
      subtasks: ['x'],
    });
    const r = createEstimateSchema.safeParse({ ...wizardBody, subtasks: ['Cabinets', 'Unicorns'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('subtasks.1');
  });

  it('accepts the wizard payload with names and reports a missing measurement by field', () => {
    expect(createEstimateSchema.safeParse(wizardBody).success).toBe(true);
    const r = createEstimateSchema.safeParse({ ...wizardBody, measurements: {} });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'measurements.kitchen-cabinets.length',
      'measurements.kitchen-countertops.length',
      'measurements.kitchen-countertops.width',
    ]);
  });
});

describe('estimateListQuerySchema', () => {
  it('defaults to page 1 of 10 and treats "all" and empty filters as none', () => {
    expect(estimateListQuerySchema.parse({ status: 'all', category: 'all', search: ' ' })).toEqual({
      page: 1,
      pageSize: 10,
      search: undefined,
      status: undefined,
      category: undefined,
      task: undefined,
    });
  });

  it('normalises category and task to ids and refuses oversized pages', () => {
    expect(estimateListQuerySchema.parse({ category: 'Kitchen', task: 'Kitchen Remodel' })).toMatchObject({
      category: 'kitchen',
      task: 'kitchen-remodel',
    });
    expect(estimateListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(estimateListQuerySchema.safeParse({ status: 'open' }).success).toBe(false);
  });
});

describe('automotive saves', () => {
  const auto = (over: Record<string, unknown> = {}) => ({
    category: 'Automotive',
    task: 'Brakes',
    subtasks: ['Brake pad replacement', 'BRAKE-FLUID-FLUSH'],
    measurements: { 'Brake pad replacement': { quantity: '2' } },
    gradeLevel: 'Standard',
    region: 'Anchorage, AK',
    ...over,
  });
  const paths = (v: unknown) =>
    createEstimateSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('resolves automotive subtasks by name or id; Linked subtasks need no quantity', () => {
    const r = createEstimateSchema.safeParse(auto());
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      subtasks: ['brake-pads', 'brake-fluid-flush'],
      measurements: { 'brake-pads': { quantity: '2' } },
    });
  });

  it('reports an unknown task, a subtask of another task, a repeated one, a bad quantity and an unknown region', () => {
    expect(paths(auto({ task: 'Paint job' }))).toEqual(['task: Unknown task for this category']);
    expect(paths(auto({ subtasks: ['oil-change'] }))).toEqual(['subtasks.0: Unknown subtask for this task']);
    expect(paths(auto({ subtasks: ['brake-fluid-flush', 'brake-fluid-flush'] }))).toEqual([
      'subtasks: A subtask is listed twice',
    ]);
    expect(paths(auto({ measurements: { 'brake-pads': { quantity: '0' } } }))).toEqual([
      'measurements.brake-pads.quantity: Quantity must be at least 1',
    ]);
    expect(paths(auto({ measurements: {} }))).toEqual([
      'measurements.brake-pads.quantity: This measurement is required',
    ]);
    expect(paths(auto({ region: 'Atlantis, ZZ' }))).toEqual(['region: Unknown region']);
  });
});

describe('messages and edge inputs', () => {
  it('limit messages name the limit and the way up', () => {
    expect(LIMIT_MESSAGES.generated(10)).toMatch(/10 estimates per month\. Upgrade to Premium/);
    expect(LIMIT_MESSAGES.saved(5)).toMatch(/5 saved estimates.*upgrade to Premium/);
    expect(LIMIT_MESSAGES.posted(1, 'free')).toMatch(
      /1 posted estimate per month \(public projects count too\)\. Upgrade to Premium/,
    );
    expect(LIMIT_MESSAGES.posted(10, 'premium')).toMatch(
      /10 posted estimates per month \(public projects count too\)\. Your count starts/,
    );
    expect(PICTURE_MESSAGES.limit(5)).toBe('Limit reached: an estimate can have up to 5 pictures.');
  });

  it('normalizes without a known task, with null measurements and with non-text subtasks', () => {
    expect(
      normalizeEstimatePayload({ category: 'kitchen', subtasks: ['Cabinets', 7], measurements: null }),
    ).toEqual({ category: 'kitchen', subtasks: ['kitchen-cabinets', 7], measurements: null });
    expect(
      normalizeEstimatePayload({ category: 'automotive', subtasks: ['Synthetic oil change', 3] }),
    ).toEqual({
      category: 'automotive',
      subtasks: ['oil-change', 3],
    });
    expect(normalizeEstimatePayload({ category: 5 })).toEqual({ category: 5 });
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CATEGORY_MESSAGE,
  postProjectSchema,
  projectConnectSchema,
  projectListQuerySchema,
  projectMessageSchema,
  toProjectCategory,
} from './project.schema.ts';

function fields(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.') || '_'] ??= i.message;
  return out;
}

const valid = {
  title: 'Redo my kitchen',
  category: 'Kitchen',
  city: 'Jacksonville',
  description: 'Cabinets',
};

describe('post project: the server is the only validation', () => {
  it('reads a valid form: category id, budgets in cents as typed', () => {
    expect(postProjectSchema.parse({ ...valid, minBudget: '$1,200', maxBudget: 3000.45 })).toEqual({
      title: 'Redo my kitchen',
      category: 'kitchen',
      description: 'Cabinets',
      city: 'Jacksonville',
      zipCode: null,
      minBudget: 120_000,
      maxBudget: 300_045,
    });
    expect(postProjectSchema.parse({ ...valid, zipCode: ' 32202 ' }).zipCode).toBe('32202');
    expect(postProjectSchema.parse({ ...valid, minBudget: '', maxBudget: null })).toMatchObject({
      minBudget: null,
      maxBudget: null,
    });
    expect(postProjectSchema.parse({ ...valid, description: undefined }).description).toBe('');
    expect(postProjectSchema.parse({ ...valid, minBudget: '0', maxBudget: '0.00' })).toMatchObject({
      minBudget: 0,
      maxBudget: 0,
    });
  });

  it('names every missing required field', () => {
    expect(fields(postProjectSchema, {})).toEqual({
      title: 'Title is required',
      category: 'Category is required',
      city: 'City is required',
    });
    expect(fields(postProjectSchema, { title: '  ', category: '', city: ' ' })).toEqual({
      title: 'Title is required',
      category: 'Category is required',
      city: 'City is required',
    });
  });

  it('category is one of the catalogue categories, in any case', () => {
    expect(toProjectCategory('HVAC')).toBe('hvac');
    expect(toProjectCategory('Concrete')).toBe('concrete');
    expect(toProjectCategory('plumbing')).toBeNull();
    expect(fields(postProjectSchema, { ...valid, category: 'Spaceships' })).toEqual({
      category: CATEGORY_MESSAGE,
    });
    expect(fields(postProjectSchema, { ...valid, category: 42 })).toEqual({ category: CATEGORY_MESSAGE });
  });

  it('budgets: non-negative dollars with at most 2 decimals, min <= max, bounded', () => {
    expect(fields(postProjectSchema, { ...valid, minBudget: -5 })).toEqual({
      minBudget: 'Minimum budget cannot be negative',
    });
    expect(fields(postProjectSchema, { ...valid, maxBudget: '-1' })).toEqual({
      maxBudget: 'Maximum budget cannot be negative',
    });
    expect(fields(postProjectSchema, { ...valid, minBudget: 'lots' })).toEqual({
      minBudget: 'Minimum budget must be an amount of dollars, like 1500 or 1500.50',
    });
    expect(fields(postProjectSchema, { ...valid, minBudget: '1e5' }).minBudget).toMatch(/amount of dollars/);
    expect(fields(postProjectSchema, { ...valid, minBudget: Infinity }).minBudget).toMatch(
      /amount of dollars/,
    );
    expect(fields(postProjectSchema, { ...valid, minBudget: '10.005' })).toEqual({
      minBudget: 'Minimum budget can have at most 2 decimals (cents)',
    });
    expect(postProjectSchema.parse({ ...valid, minBudget: '10.500' }).minBudget).toBe(1050);
    expect(fields(postProjectSchema, { ...valid, maxBudget: 10_000_001 })).toEqual({
      maxBudget: 'Maximum budget must be at most $10,000,000',
    });
    expect(fields(postProjectSchema, { ...valid, minBudget: 500, maxBudget: 400 })).toEqual({
      maxBudget: 'Maximum budget must be at least the minimum budget',
    });
    expect(fields(postProjectSchema, { ...valid, minBudget: true })).toEqual({
      minBudget: 'Minimum budget must be an amount of dollars',
    });
  });

  it('text fields are bounded and plain', () => {
    expect(fields(postProjectSchema, { ...valid, title: 'x'.repeat(121) })).toEqual({
      title: 'Title must be at most 120 characters',
    });
    expect(fields(postProjectSchema, { ...valid, title: 'a\nb' })).toEqual({
      title: 'Title must be a single line of plain text',
    });
    expect(fields(postProjectSchema, { ...valid, description: 'x'.repeat(2001) })).toEqual({
      description: 'Description must be at most 2000 characters',
    });
    expect(postProjectSchema.parse({ ...valid, description: 'line 1\nline 2' }).description).toBe(
      'line 1\nline 2',
    );
    expect(fields(postProjectSchema, { ...valid, description: 'a\u0000b' })).toEqual({
      description: 'Description must be plain text',
    });
    expect(fields(postProjectSchema, { ...valid, city: 'x'.repeat(81) })).toEqual({
      city: 'City must be at most 80 characters',
    });
  });
});

describe('project message, connect and list query', () => {
  it('message body required, offer optional in dollars with cents', () => {
    expect(projectMessageSchema.parse({ body: ' Hello ', offerAmount: '500.25' })).toEqual({
      body: 'Hello',
      offerAmount: 50_025,
    });
    expect(projectMessageSchema.parse({ body: 'Hi' })).toEqual({ body: 'Hi', offerAmount: null });
    expect(fields(projectMessageSchema, { body: ' ' })).toEqual({ body: 'Message is required' });
    expect(fields(projectMessageSchema, { body: 'x', offerAmount: -1 })).toEqual({
      offerAmount: 'Offer cannot be negative',
    });
    expect(projectConnectSchema.parse({ providerUserId: 7 })).toEqual({ providerUserId: '7' });
  });
  it('list query: page defaults and bounds', () => {
    expect(projectListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(projectListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(projectListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

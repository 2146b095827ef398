import { describe, expect, it } from 'vitest';
import { ESTIMATE_TEXT_MESSAGES, estimateTextSchema, updateEstimateSchema } from './estimate.schema.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.') || '_', i.message]));

describe("the owner's title and description", () => {
  it('trims both; a title of 1 to 200 characters, a description of up to 2,000 (empty allowed)', () => {
    expect(estimateTextSchema.parse({ title: '  Leaky shower ', description: ' drips \n' })).toEqual({
      title: 'Leaky shower',
      description: 'drips',
    });
    expect(estimateTextSchema.parse({ title: 'x'.repeat(200), description: '' }).description).toBe('');
    expect(estimateTextSchema.safeParse({ title: 't', description: 'd'.repeat(2000) }).success).toBe(true);
    expect(messages(estimateTextSchema.safeParse({ title: '   ', description: 'd'.repeat(2001) }))).toEqual({
      title: ESTIMATE_TEXT_MESSAGES.titleRequired,
      description: 'The description can be at most 2,000 characters',
    });
    expect(messages(estimateTextSchema.safeParse({ title: 'x'.repeat(201), description: '' }))).toEqual({
      title: 'The title can be at most 200 characters',
    });
  });

  it('the update takes either field alone, and refuses neither', () => {
    expect(updateEstimateSchema.parse({ description: ' new ' })).toEqual({ description: 'new' });
    expect(updateEstimateSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(messages(updateEstimateSchema.safeParse({}))).toEqual({
      _: ESTIMATE_TEXT_MESSAGES.nothingToChange,
    });
    expect(messages(updateEstimateSchema.safeParse({ title: '' }))).toEqual({
      title: ESTIMATE_TEXT_MESSAGES.titleRequired,
    });
  });
});

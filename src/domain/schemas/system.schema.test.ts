import { describe, expect, it } from 'vitest';
import { regions, toRegionListItem } from '../regions/index.ts';
import { publicConfigSchema, regionListItemSchema, regionListSchema } from './system.schema.ts';

describe('public reference data', () => {
  it('the region list is what toRegionListItem gives, and nothing more', () => {
    const list = regions.map(toRegionListItem);
    expect(regionListSchema.parse(list)).toEqual(list);
    expect(regionListItemSchema.safeParse({ id: '1', name: 'Austin', state: 'TX' }).success).toBe(false);
    expect(regionListItemSchema.parse({ id: 1, name: 'Austin', state: 'TX', multiplier: 1.1 })).toEqual({
      id: 1,
      name: 'Austin',
      state: 'TX',
    });
  });

  it('the public configuration needs all three settings', () => {
    const config = { BETA_MODE: true, BETA_BANNER_TEXT: 'Beta', BETA_FEEDBACK_URL: 'https://example.com' };
    expect(publicConfigSchema.parse(config)).toEqual(config);
    expect(
      publicConfigSchema.safeParse({ BETA_MODE: 'yes', BETA_BANNER_TEXT: '', BETA_FEEDBACK_URL: '' }).success,
    ).toBe(false);
  });
});

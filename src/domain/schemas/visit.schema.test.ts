import { describe, expect, it } from 'vitest';
import { visitEventSchema } from './visit.schema.ts';

describe('visit event', () => {
  it('is a page view unless it says otherwise, on an in-app path', () => {
    expect(visitEventSchema.parse({ page: '/tasks' })).toEqual({ type: 'page_view', page: '/tasks' });
    expect(visitEventSchema.parse({ type: 'nav_click', page: ' /post ', label: 'Post My Project' })).toEqual({
      type: 'nav_click',
      page: '/post',
      label: 'Post My Project',
    });
    expect(visitEventSchema.safeParse({ page: 'https://elsewhere.example' }).success).toBe(false);
    expect(visitEventSchema.safeParse({ type: 'scroll', page: '/' }).success).toBe(false);
    expect(visitEventSchema.safeParse({ page: '/', referrer: 'x'.repeat(1001) }).success).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CHECKS_UNAVAILABLE_MESSAGE, lazyZodResolver } from './lazy-resolver.ts';

const schema = z.object({ email: z.string().email('Please enter a valid email address') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it("checks with the loaded schema's own messages", async () => {
    const { resolver } = lazyZodResolver<{ email: string }>(async () => schema);
    const bad = await resolver({ email: 'nope' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Please enter a valid email address');
    const good = await resolver({ email: 'a@b.example' }, undefined, options);
    expect(good.values).toEqual({ email: 'a@b.example' });
  });

  it('refuses to send when the checks cannot load, and loads again on the next attempt', async () => {
    const loadSchema = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const { resolver } = lazyZodResolver<{ email: string }>(loadSchema);
    const offline = await resolver({ email: 'a@b.example' }, undefined, options);
    expect(offline.values).toEqual({});
    expect(offline.errors.root?.message).toBe(CHECKS_UNAVAILABLE_MESSAGE);
    const online = await resolver({ email: 'a@b.example' }, undefined, options);
    expect(online.values).toEqual({ email: 'a@b.example' });
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});

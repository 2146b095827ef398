// The password change form and body (docs/security.md, ASVS 6.2.2 to 6.2.5).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE } from '../passwords/index.ts';
import { changePasswordBodySchema } from './auth-body.schema.ts';
import {
  changePasswordFormSchema,
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_MAX_MESSAGE,
  PASSWORD_MIN_MESSAGE,
} from './auth.schema.ts';

function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('changing the password', () => {
  it('the form needs the current password, 8 to 128 characters and a matching confirmation; no composition rule', () => {
    const ok = {
      currentPassword: 'x',
      newPassword: 'all lower case words',
      confirmPassword: 'all lower case words',
    };
    expect(messages(changePasswordFormSchema, ok)).toEqual([]);
    expect(messages(changePasswordFormSchema, { ...ok, currentPassword: '' })).toEqual([
      CURRENT_PASSWORD_REQUIRED,
    ]);
    expect(
      messages(changePasswordFormSchema, { ...ok, newPassword: 'short', confirmPassword: 'short' }),
    ).toEqual([PASSWORD_MIN_MESSAGE]);
    const long = 'y'.repeat(129);
    expect(messages(changePasswordFormSchema, { ...ok, newPassword: long, confirmPassword: long })).toEqual([
      PASSWORD_MAX_MESSAGE,
    ]);
    expect(messages(changePasswordFormSchema, { ...ok, confirmPassword: 'something else' })).toEqual([
      "Passwords don't match",
    ]);
  });

  it('the server body also refuses a common new password', () => {
    expect(messages(changePasswordBodySchema, { currentPassword: 'x', newPassword: 'password123' })).toEqual([
      COMMON_PASSWORD_MESSAGE,
    ]);
    expect(
      messages(changePasswordBodySchema, { currentPassword: 'x', newPassword: 'a fine new passphrase' }),
    ).toEqual([]);
  });
});

// The shapes of codes and recovery codes that the sign-in screen and the API share (decision 0024).
import { describe, expect, it } from 'vitest';
import { loginTwoStepBodySchema, twoStepConfirmBodySchema } from './schemas/two-step.schema.ts';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  recoveryCodeProblem,
  totpCodeProblem,
} from './two-step.ts';

describe('two-step codes', () => {
  it('a code is 6 digits; spaces between them are fine', () => {
    expect(totpCodeProblem('123 456')).toBeNull();
    expect(totpCodeProblem('')).toBe('Enter the 6-digit code from your authenticator app');
    expect(totpCodeProblem('12345')).toBe('The code is 6 digits');
    expect(totpCodeProblem('12345a')).toBe('The code is 6 digits');
  });

  it('a recovery code is read without case, spaces or dashes, and has no look-alike characters', () => {
    expect(normalizeRecoveryCode(' ABCDE-23456 ')).toBe('abcde23456');
    expect(recoveryCodeProblem('ABCDE 23456')).toBeNull();
    expect(recoveryCodeProblem('abcde-2345o')).toBe(
      'A recovery code is 10 letters and digits, like abcde-23456',
    );
    expect(recoveryCodeProblem('')).toBe('Enter one of your recovery codes');
    expect(formatRecoveryCode('abcde23456')).toBe('abcde-23456');
  });

  it('the API takes exactly one of a code and a recovery code, normalized', () => {
    expect(loginTwoStepBodySchema.parse({ challenge: 'c', recoveryCode: 'ABCDE-23456' })).toEqual({
      challenge: 'c',
      recoveryCode: 'abcde23456',
    });
    expect(loginTwoStepBodySchema.safeParse({ challenge: 'c' }).success).toBe(false);
    expect(
      twoStepConfirmBodySchema.safeParse({ password: 'x', code: '123456', recoveryCode: 'abcde23456' })
        .success,
    ).toBe(false);
    expect(twoStepConfirmBodySchema.parse({ password: 'x', code: '123 456' })).toEqual({
      password: 'x',
      code: '123456',
    });
  });
});

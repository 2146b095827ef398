// Two-step verification's rules without zod (decision 0024), so the sign-in screen can check a code without
// loading the schemas: the code and recovery code formats and their messages.

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes use these 31 characters (no 0/o, 1/i/l look-alikes), 10 of them a code, shown as xxxxx-xxxxx. */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const RECOVERY_CODE_LENGTH = 10;

export const CODE_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const CODE_FORMAT_MESSAGE = 'The code is 6 digits';
export const RECOVERY_CODE_REQUIRED_MESSAGE = 'Enter one of your recovery codes';
export const RECOVERY_CODE_FORMAT_MESSAGE = 'A recovery code is 10 letters and digits, like abcde-23456';
export const ONE_FACTOR_MESSAGE = 'Enter either a code from your authenticator app or a recovery code';

/** A typed code without the spaces a user may put between the digits. */
export const normalizeTotpCode = (code: string) => code.replace(/\s+/g, '');
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** The form a recovery code is compared in: lower case, without spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
export const isRecoveryCode = (normalized: string) => RECOVERY_CODE.test(normalized);

/** Shows a recovery code in two groups of five. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The message for a typed code, or null when it has the right shape. */
export function totpCodeProblem(typed: string): string | null {
  const code = normalizeTotpCode(typed);
  if (!code) return CODE_REQUIRED_MESSAGE;
  return isTotpCode(code) ? null : CODE_FORMAT_MESSAGE;
}

/** The message for a typed recovery code, or null when it has the right shape. */
export function recoveryCodeProblem(typed: string): string | null {
  const code = normalizeRecoveryCode(typed);
  if (!code) return RECOVERY_CODE_REQUIRED_MESSAGE;
  return isRecoveryCode(code) ? null : RECOVERY_CODE_FORMAT_MESSAGE;
}

/** The error code of the 403 for two-step set-up on an account whose address is not proven (decision 0006). */
export const EMAIL_NOT_VERIFIED_CODE = 'EMAIL_NOT_VERIFIED';
export const TWO_STEP_NEEDS_VERIFIED_EMAIL_MESSAGE =
  'Verify your email address before turning on two-step verification.';

// ---- Requiring two-step verification for admins (decision 0028) ---------------------------------------------

/** ADMIN_TWO_STEP: `optional` (the default, decision 0024 for everyone) or `required` for the admin tools. */
export const adminTwoStepPolicies = ['optional', 'required'] as const;
export type AdminTwoStepPolicy = (typeof adminTwoStepPolicies)[number];

/** The error code of the 403 an admin without two-step gets from the admin tools when it is required. */
export const TWO_STEP_REQUIRED_CODE = 'TWO_STEP_REQUIRED';
export const ADMIN_TWO_STEP_REQUIRED_MESSAGE =
  'Turn on two-step verification in Settings to use the admin tools.';

/**
 * Whether this signed-in user must turn two-step verification on before the admin tools open: an admin (the role in
 * force now) without it, when the operator requires it. Nobody else, ever.
 */
export function adminMustSetUpTwoStep(policy: AdminTwoStepPolicy, role: string, twoStepOn: boolean): boolean {
  return policy === 'required' && role === 'admin' && !twoStepOn;
}

// Two-step verification (decision 0024): an authenticator app's 6-digit codes (TOTP) and one-time recovery codes.
// The forms and the API share these rules and messages.
import { z } from 'zod';
import { CURRENT_PASSWORD_REQUIRED, PASSWORD_MAX, PASSWORD_MAX_MESSAGE } from './auth.schema.ts';
import {
  CODE_FORMAT_MESSAGE,
  CODE_REQUIRED_MESSAGE,
  ONE_FACTOR_MESSAGE,
  RECOVERY_CODE_FORMAT_MESSAGE,
  RECOVERY_CODE_REQUIRED_MESSAGE,
  isRecoveryCode,
  normalizeRecoveryCode,
  normalizeTotpCode,
} from '../two-step.ts';

export * from '../two-step.ts';

/** A 6-digit code; spaces a user may type between the digits are dropped. */
export const totpCodeSchema = z
  .string()
  .max(20, CODE_FORMAT_MESSAGE)
  .transform(normalizeTotpCode)
  .pipe(
    z
      .string()
      .min(1, CODE_REQUIRED_MESSAGE)
      .regex(/^\d{6}$/, CODE_FORMAT_MESSAGE),
  );

export const recoveryCodeSchema = z
  .string()
  .max(40, RECOVERY_CODE_FORMAT_MESSAGE)
  .transform(normalizeRecoveryCode)
  .pipe(
    z.string().min(1, RECOVERY_CODE_REQUIRED_MESSAGE).refine(isRecoveryCode, RECOVERY_CODE_FORMAT_MESSAGE),
  );

const password = z.string().min(1, CURRENT_PASSWORD_REQUIRED).max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE);

/** Exactly one second factor: a code from the app or a recovery code. */
const oneFactor = <T extends { code?: string; recoveryCode?: string }>(v: T, ctx: z.RefinementCtx) => {
  if ((v.code === undefined) === (v.recoveryCode === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['code'], message: ONE_FACTOR_MESSAGE });
  }
};

/** GET /api/auth/two-step: whether it is on, and how many recovery codes are left. Never the secret. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** POST /api/auth/two-step/setup: a fresh secret, for the app (QR code or manual entry); unconfirmed until enable. */
export const twoStepSetupResponseSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
  /** The set-up must be confirmed before then. */
  expiresAt: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupResponseSchema>;

/** POST /api/auth/two-step/enable: a current code of the new secret and the account's password. */
export const twoStepEnableBodySchema = z.object({ code: totpCodeSchema, password });
export type TwoStepEnableInput = z.input<typeof twoStepEnableBodySchema>;

/** POST /api/auth/two-step/disable and /recovery-codes: the password and a code (or a recovery code). */
export const twoStepConfirmBodySchema = z
  .object({ password, code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .superRefine(oneFactor);
export type TwoStepConfirmInput = z.input<typeof twoStepConfirmBodySchema>;

/** New recovery codes, shown once (enable, regenerate). */
export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** POST /api/auth/login answers 202 with this when the password was right and a code is due. */
export const twoStepRequiredSchema = z.object({
  twoStepRequired: z.literal(true),
  /** Sent back with the code; single-use, dies after 5 minutes or 5 wrong codes. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type TwoStepRequired = z.infer<typeof twoStepRequiredSchema>;

/** POST /api/auth/login/two-step: the challenge and a code (or a recovery code). */
export const loginTwoStepBodySchema = z
  .object({
    challenge: z.string().min(1).max(200),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .superRefine(oneFactor);
export type LoginTwoStepInput = z.input<typeof loginTwoStepBodySchema>;

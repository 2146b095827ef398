// The account bodies the server accepts: the forms' rules (auth.schema.ts) plus the common-password check on
// every new password. Only the server imports this file, so the password list stays out of the client bundle;
// the client shows the server's field message when a password is refused.
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../passwords/index.ts';
import {
  changePasswordFields,
  newPasswordSchema,
  registerSchemaWith,
  signupPasswordSchema,
} from './auth.schema.ts';

const notCommon = (password: z.ZodString) =>
  password.refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

/** POST /api/auth/register. */
export const registerBodySchema = registerSchemaWith(notCommon(signupPasswordSchema));

/** POST /api/auth/reset-password: 8+ characters with upper, lower and digit, not a common password. */
export const resetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: notCommon(newPasswordSchema),
});

/** POST /api/auth/change-password: the current password and a new one (the sign-up rule, not a common one). */
export const changePasswordBodySchema = z.object({
  currentPassword: changePasswordFields.currentPassword,
  newPassword: notCommon(changePasswordFields.newPassword),
});

/** npm run create-admin: the reset rule, not a common password. */
export const adminPasswordSchema = notCommon(newPasswordSchema);

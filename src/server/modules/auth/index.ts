// The auth module's front door: password checks, account creation for the command-line scripts, security notices
// and two-step verification state.
export { createPasswordCheck, reauthMessages, type PasswordCheck } from './auth.reauth.ts';
export {
  AccountError,
  createOrPromoteAdmin,
  ensureDemoUser,
  type AdminInput,
  type DemoUserInput,
} from './auth.accounts.ts';
export { notifyAccount, type SecurityNotice } from './auth.mail.ts';
export { isTwoStepOn, resealTwoStepSecrets, switchOffTwoStep } from './two-step.service.ts';
export { SecretBoxError } from './secret-box.ts';

// Every new password (sign-up, reset, create-admin) must not be one of the most common leaked passwords (NIST
// SP 800-63B 5.1.1.2, OWASP ASVS 6.2.4); sign-in accepts whatever an account already has. Only the server
// checks it (schemas/auth-body.schema.ts), so the list never lands in the client bundle.
import { commonPasswordsText } from './common-passwords.data.ts';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.';

/** Guessable from the service itself, so just as common for our accounts. */
const SERVICE_PASSWORDS = [
  'homefix1',
  'homefix12',
  'homefix123',
  'homefix1234',
  'homefix!',
  'homefixmarketplace',
  'marketplace',
  'marketplace1',
  'marketplace123',
];

let common: Set<string> | undefined;

/** Whether the password, ignoring case, is on the list of common passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set([...commonPasswordsText.split('\n'), ...SERVICE_PASSWORDS]);
  return common.has(password.toLowerCase());
}

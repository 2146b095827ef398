// Customer profile, business profile and provider settings forms.
import { z } from 'zod';
import { optionalText, personName, requiredText } from './common.ts';

export const EMAIL_LOCKED_MESSAGE = 'You cannot change your email address.';

const firstName = personName('First name is required');
const lastName = personName('Last name is required');
const profileEmail = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .pipe(z.string().email('Invalid email address'));

/** /profile: names required, email shown disabled, contact fields optional. */
export const customerProfileSchema = z.object({
  firstName,
  lastName,
  email: profileEmail,
  phone: optionalText(30),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: optionalText(20),
});
export type CustomerProfileInput = z.infer<typeof customerProfileSchema>;

/** /provider/profile: the business profile form. */
export const businessProfileSchema = z.object({
  firstName,
  lastName,
  email: profileEmail,
  companyName: requiredText('Company name is required', 200),
  description: z
    .string()
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(499, 'Description must be less than 500 characters'),
  phone: requiredText('Phone number is required', 30),
  address: optionalText(200),
  city: requiredText('City is required', 100),
  state: requiredText('State is required', 50),
  zipCode: requiredText('Zip code is required', 20),
  /** The public page in the directory and open to search engines (decision 0046); false hides it (noindex). */
  listed: z.boolean().optional(),
});
export type BusinessProfileInput = z.infer<typeof businessProfileSchema>;

/** /provider/settings and /settings account form: names required; the email is shown, never changed. */
export const providerSettingsSchema = z.object({
  firstName,
  lastName,
  email: z.string().optional(),
});
export type ProviderSettingsInput = z.infer<typeof providerSettingsSchema>;

/** Server side: whether a submitted email tries to change the account's email (it may not). */
export function emailChangeAttempted(submitted: string | undefined, current: string): boolean {
  return submitted !== undefined && submitted.trim().toLowerCase() !== current.trim().toLowerCase();
}

// Small building blocks shared by the schemas.
import { z } from 'zod';

/** An id taken from a route or a list: a non-empty string (numbers are accepted and turned into strings). */
export const idSchema = z
  .union([z.string().trim().min(1).max(100), z.number().int().nonnegative()])
  .transform(String);

/** An optional free-text field: trimmed, empty allowed. */
export const optionalText = (max: number) => z.string().trim().max(max).optional().or(z.literal(''));

/** A required free-text field with the given message shown when it is empty. */
export const requiredText = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

export const NAME_CONTROL_MESSAGE = 'Names cannot contain line breaks or control characters';
export const NAME_LINK_MESSAGE = 'Names cannot contain web addresses';

/** Control characters, line and paragraph separators, and the bidirectional overrides that reorder text. */
const CONTROL = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/**
 * Something a mail client would turn into a link: a scheme (http://, https://, ...), www., a dotted name with a
 * path ("evil.com/x"), or a name ending in a common top-level domain ("evil.com").
 */
const LINK =
  /[a-z][a-z\d+.-]*:\/\/|\bwww\.|[\p{L}\d-]+(\.[\p{L}\d-]+)+\/|[\p{L}\d-]\.(com|net|org|info|biz|io|co|me|app|dev|xyz|ru|cn|de|uk|us|ly|link|site|online|top|click|shop|store|live|tk)\b/iu;

/**
 * A first or last name: required with the given message, and plain text, since it is shown to other users and
 * printed in mail ("Hi {firstName}") that may go to someone else's address.
 */
export const personName = (requiredMessage: string, max = 100) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(max)
    .refine((v) => !CONTROL.test(v), NAME_CONTROL_MESSAGE)
    .refine((v) => !LINK.test(v), NAME_LINK_MESSAGE);

/** A calendar date typed in a date input: YYYY-MM-DD. */
export const ymdSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD', abort: true })
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Not a valid date');

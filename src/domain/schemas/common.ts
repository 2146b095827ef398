// Small building blocks shared by the schemas.
import { z } from 'zod';

/** An id taken from a route or a list: a non-empty string (numbers are accepted and turned into strings). */
export const idSchema = z
  .union([z.string().trim().min(1).max(100), z.number().int().nonnegative()])
  .transform(String);

/** An optional free-text field: trimmed, empty allowed. */
export const optionalText = (max: number) => z.string().trim().max(max).optional().or(z.literal(''));

/** A required free-text field with the spec's message. */
export const requiredText = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

/** A calendar date typed in a date input: YYYY-MM-DD. */
export const ymdSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD', abort: true })
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Not a valid date');

// A refused save's field messages, put under their fields of a react-hook-form form.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { parseApiError, type ParsedApiError } from './api-client.ts';

/**
 * Shows the server's message for each named field under that field (`shouldFocus`: the first one takes the
 * focus). Returns the parsed error for whatever else the form does with it.
 */
export function showFieldErrors<T extends FieldValues>(
  err: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
  options: { shouldFocus: boolean } = { shouldFocus: false },
): ParsedApiError {
  const parsed = parseApiError(err);
  for (const name of names) {
    const message = parsed.fields[name];
    if (message) setError(name, { type: 'server', message }, options);
  }
  return parsed;
}

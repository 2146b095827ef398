// Form validation without zod in the first load: zod (with the shared schemas of src/domain) is the heaviest
// library the forms use, and a form needs it only when it validates. `lazyZodResolver` loads the resolver and the
// schema on first use, or earlier through `preload` (the forms call it when they are first focused), so the rules
// and messages stay the shared schema's, with no copy on the client.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** The form-level error (`errors.root`) when the checks cannot load; the form is not sent. */
export const CHECKS_UNAVAILABLE_MESSAGE =
  'The form could not be checked: the page lost its connection. Check it, then try again.';

export interface LazyResolver<TValues extends FieldValues, TOutput> {
  resolver: Resolver<TValues, unknown, TOutput>;
  /** Starts loading (safe to call often; a failed load is retried on the next call). */
  preload: () => void;
}

export function lazyZodResolver<TValues extends FieldValues, TOutput = TValues>(
  loadSchema: () => Promise<ZodType>,
): LazyResolver<TValues, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) =>
        zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TOutput>,
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<TValues, unknown, TOutput>;
      try {
        resolve = await load();
      } catch {
        const errors = { root: { type: 'unavailable', message: CHECKS_UNAVAILABLE_MESSAGE } };
        return { values: {}, errors: errors as FieldErrors<TValues> };
      }
      return resolve(values, context, options);
    },
    preload: () => void load().catch(() => undefined),
  };
}

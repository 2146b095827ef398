// The states of a list: loading, the error with Try again, empty, or the list itself. Every list screen shows
// them the same way.
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';

export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <p role="status" className="py-12 text-center text-slate-700 dark:text-slate-300">
      {text}
    </p>
  );
}

/** The list could not be read: what went wrong and, with `onRetry`, Try again. */
export function ErrorState({ title, text, onRetry }: { title?: string; text: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950"
    >
      {title && <p className="font-semibold text-red-900 dark:text-red-100">{title}</p>}
      <p className="text-red-900 dark:text-red-100">{text}</p>
      {onRetry && (
        <Button className="mt-3" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** Nothing to list: why, and the way on (`children`, e.g. a create button) if there is one. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <p className="text-slate-700 dark:text-slate-300">{text}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}

/** What ListState reads of a query (TanStack Query's useQuery result fits). */
export interface ListQuery<T> {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListStateProps<T> {
  query: ListQuery<T>;
  /** The error text; Try again reads the list again. */
  error: string;
  /** Shown while the first page loads (the next pages keep the previous one on screen); LoadingState by default. */
  loading?: ReactNode;
  /** Whether the answer holds nothing to list; then `empty` shows instead of the list. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading, then the error with Try again, the empty state, or the list that `children` draws from the answer. */
export function ListState<T>({ query, error, loading, isEmpty, empty, children }: ListStateProps<T>) {
  if (query.isLoading) return <>{loading ?? <LoadingState />}</>;
  if (query.isError || query.data === undefined) {
    return <ErrorState text={error} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

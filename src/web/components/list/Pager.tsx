// Previous / Next under a paged list, with where the list stands.
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';

/** Pages of `total` rows `pageSize` at a time (at least one), and the rows page `page` shows. */
export function pageRange(page: number, pageSize: number, total: number, capped = false) {
  const size = pageSize || 1;
  return {
    pageCount: Math.max(1, Math.ceil(total / size)),
    from: (page - 1) * size + 1,
    to: capped ? page * size : Math.min(total, page * size),
  };
}

export interface PagerProps {
  /** Names the navigation landmark. */
  label: string;
  page: number;
  pageCount: number;
  /** More rows than counted (a list that stops counting at a cap): Next stays open. */
  capped?: boolean;
  onPage: (page: number) => void;
  /** Where the list stands ("Showing 1 to 10 of 12 users"), announced as it changes; "Page N of M" by default. */
  children?: ReactNode;
  /** Shown between Previous and Next ("Page 1 of 3"). */
  position?: ReactNode;
}

export function Pager({ label, page, pageCount, capped = false, onPage, children, position }: PagerProps) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {children ?? `Page ${page} of ${Math.max(1, pageCount)}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {position !== undefined && (
          <span className="text-sm text-slate-700 dark:text-slate-300">{position}</span>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={!capped && page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

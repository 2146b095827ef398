// A searchable single choice over a long list (the 510+ pricing regions of the estimate wizard), adapted from
// the sign-up region picker: a button opens a popover with a search box and the matching options; arrows move
// between the box and the options, Enter or Space chooses, Escape closes.
import { Popover } from 'radix-ui';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { focusRing } from './ui/button.tsx';
import { CheckIcon, ChevronDownIcon, SearchIcon } from './ui/icons.tsx';
import { Input } from './ui/input.tsx';
import { cn } from '#web/lib/cn.ts';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Secondary text on the right (e.g. the multiplier). */
  hint?: ReactNode;
  /** Extra words the search matches. */
  keywords?: string;
}

export interface SearchComboboxProps {
  id: string;
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder: string;
  searchLabel: string;
  listLabel: string;
  emptyText?: string;
  noMatchText?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The id of the visible label: the button is then named "label value" (e.g. "Region Jacksonville, FL"). */
  labelId?: string;
  /** Options shown at most (the search narrows the rest). */
  limit?: number;
}

export function SearchCombobox({
  id,
  options,
  value,
  onChange,
  placeholder,
  searchLabel,
  listLabel,
  emptyText = 'No options available',
  noMatchText = 'No match found.',
  invalid,
  describedBy,
  labelId,
  limit = 600,
}: SearchComboboxProps) {
  const searchId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((o) => o.value === value);

  // Matches on the label come first (those starting with the query before the rest), then matches found
  // only in the keywords (e.g. a metro area's name), each group in the list's own order.
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const words = q.split(/[\s,]+/).filter(Boolean);
    if (!words.length) return options.slice(0, limit);
    const rank = (o: ComboboxOption): number => {
      const label = o.label.toLowerCase();
      if (label.startsWith(q)) return 0;
      if (words.every((w) => label.includes(w))) return 1;
      const text = `${label} ${(o.keywords ?? '').toLowerCase()}`;
      return words.every((w) => text.includes(w)) ? 2 : -1;
    };
    return options
      .map((o, i) => ({ o, i, r: rank(o) }))
      .filter((x) => x.r >= 0)
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .slice(0, limit)
      .map((x) => x.o);
  }, [options, query, limit]);

  const buttons = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  const focusOption = (index: number) => {
    const all = buttons();
    if (all.length === 0) return;
    all[Math.max(0, Math.min(all.length - 1, index))]?.focus();
  };
  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = buttons();
    const current = all.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusOption(current + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (current <= 0) document.getElementById(searchId)?.focus();
      else focusOption(current - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusOption(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusOption(all.length - 1);
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setQuery('');
      }}
    >
      <Popover.Trigger
        id={id}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        aria-labelledby={labelId ? `${labelId} ${id}-value` : undefined}
        className={cn(
          'flex h-11 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
          focusRing,
          invalid && 'border-red-600',
          !selected && 'text-slate-600 dark:text-slate-400',
        )}
      >
        <span id={`${id}-value`} className="truncate">
          {selected ? selected.label : placeholder}
        </span>
        <ChevronDownIcon className="h-4 w-4 shrink-0 opacity-70" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={10}
          aria-label={listLabel}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-72 max-w-[calc(100vw-20px)] rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
            <label htmlFor={searchId} className="sr-only">
              {searchLabel}
            </label>
            <Input
              id={searchId}
              placeholder={`${searchLabel}…`}
              className="pl-9"
              value={query}
              autoComplete="off"
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  focusOption(0);
                } else if (e.key === 'Enter') {
                  e.preventDefault();
                  const only = filtered.length === 1 ? filtered[0] : undefined;
                  if (only) {
                    onChange(only.value);
                    setOpen(false);
                    setQuery('');
                  } else focusOption(0);
                }
              }}
            />
          </div>
          <p className="sr-only" aria-live="polite">
            {query ? `${filtered.length} matching` : ''}
          </p>
          <ul
            ref={listRef}
            aria-label={listLabel}
            onKeyDown={onListKeyDown}
            className="mt-2 max-h-72 overflow-y-auto"
          >
            {options.length === 0 && (
              <li className="px-2 py-3 text-center text-sm text-slate-600 dark:text-slate-400">
                {emptyText}
              </li>
            )}
            {options.length > 0 && filtered.length === 0 && (
              <li className="px-2 py-3 text-center text-sm text-slate-600 dark:text-slate-400">
                {noMatchText}
              </li>
            )}
            {filtered.map((o) => (
              <li key={o.value}>
                <button
                  type="button"
                  aria-pressed={o.value === value}
                  onClick={() => {
                    onChange(o.value);
                    setOpen(false);
                    setQuery('');
                  }}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                >
                  <CheckIcon
                    className={cn('h-4 w-4 shrink-0', o.value === value ? 'opacity-100' : 'opacity-0')}
                  />
                  <span className="min-w-0 flex-1 truncate">{o.label}</span>
                  {o.hint && (
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{o.hint}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

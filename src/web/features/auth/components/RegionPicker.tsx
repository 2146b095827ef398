import { Popover } from 'radix-ui';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { focusRing } from '#web/components/ui/button.tsx';
import { CheckIcon, ChevronDownIcon, SearchIcon } from '#web/components/ui/icons.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { useRegions } from '../api/get-regions.ts';

export interface RegionPickerProps {
  id: string;
  value: number | undefined;
  onChange: (regionId: number) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** A searchable list of the service regions from GET /api/regions. */
export function RegionPicker({ id, value, onChange, invalid, describedBy }: RegionPickerProps) {
  const searchId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const { data: regions, isLoading, isError } = useRegions();
  const listRef = useRef<HTMLUListElement>(null);

  const selected = regions?.find((r) => r.id === value);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!regions) return [];
    if (!q) return regions;
    return regions.filter((r) => r.name.toLowerCase().includes(q) || r.state.toLowerCase().includes(q));
  }, [regions, query]);

  const label = isLoading
    ? 'Loading regions…'
    : isError
      ? 'Error loading regions'
      : selected
        ? `${selected.name}, ${selected.state}`
        : 'Select your service region';

  const focusOption = (index: number) => {
    const options = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
    if (!options || options.length === 0) return;
    const i = Math.max(0, Math.min(options.length - 1, index));
    options[i]?.focus();
  };

  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const options = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const current = options.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusOption(current + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (current <= 0) document.getElementById(searchId)?.focus();
      else focusOption(current - 1);
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
        disabled={isLoading || isError}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 disabled:cursor-not-allowed disabled:opacity-70 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
          focusRing,
          invalid && 'border-red-600',
          !selected && 'text-slate-600 dark:text-slate-400',
        )}
      >
        <span className="truncate">{label}</span>
        <ChevronDownIcon className="h-4 w-4 shrink-0 opacity-70" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={10}
          aria-label="Choose a service region"
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-72 rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
            <label htmlFor={searchId} className="sr-only">
              Search regions
            </label>
            <Input
              id={searchId}
              placeholder="Search regions…"
              className="pl-9"
              value={query}
              autoComplete="off"
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  focusOption(0);
                }
              }}
            />
          </div>
          <ul
            ref={listRef}
            aria-label="Regions"
            onKeyDown={onListKeyDown}
            className="mt-2 max-h-64 overflow-y-auto"
          >
            {regions && regions.length === 0 && (
              <li className="px-2 py-3 text-center text-sm text-slate-600 dark:text-slate-400">
                No regions available
              </li>
            )}
            {regions && regions.length > 0 && filtered.length === 0 && (
              <li className="px-2 py-3 text-center text-sm text-slate-600 dark:text-slate-400">
                No region found.
              </li>
            )}
            {filtered.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  aria-pressed={r.id === value}
                  onClick={() => {
                    onChange(r.id);
                    setOpen(false);
                    setQuery('');
                  }}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                >
                  <CheckIcon
                    className={cn('h-4 w-4 shrink-0', r.id === value ? 'opacity-100' : 'opacity-0')}
                  />
                  <span>
                    {r.name}, {r.state}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

// A searchable single choice over a long list (the 510+ pricing regions of the estimate wizard, the service
// regions at sign-up), following the WAI-ARIA editable combobox with list autocomplete: the text box keeps
// focus, typing filters the listbox, aria-activedescendant names the active option. ArrowDown and ArrowUp open
// the list and move the active option (wrapping), Enter chooses it (or the only match), Escape closes the list
// and puts back the chosen value's text, leaving the field loses the search. The choice changes only when an
// option is chosen.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { CheckIcon, ChevronDownIcon } from './ui/icons.tsx';
import { fieldClasses } from './ui/input.tsx';
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
  /** The text box's id: a `<label htmlFor>` with it names the combobox. */
  id: string;
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string) => void;
  /** Called when the text box loses focus (react-hook-form's field.onBlur). */
  onBlur?: () => void;
  /** The text box (react-hook-form's field.ref, to focus the field with an error). */
  ref?: Ref<HTMLInputElement>;
  placeholder: string;
  /** The listbox's name (e.g. "Regions"). */
  listLabel: string;
  emptyText?: string;
  noMatchText?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** Classes for the text box, in place of its default height (h-10), e.g. "h-11". */
  className?: string;
  /** Options shown at most (the search narrows the rest). */
  limit?: number;
}

export function SearchCombobox({
  id,
  options,
  value,
  onChange,
  onBlur,
  ref,
  placeholder,
  listLabel,
  emptyText = 'No options available',
  noMatchText = 'No match found.',
  invalid,
  describedBy,
  disabled,
  className,
  limit = 600,
}: SearchComboboxProps) {
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  /** The search typed since the list opened; null while the text box shows the chosen option. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((o) => o.value === value);

  // Matches on the label come first (those starting with the query before the rest), then matches found
  // only in the keywords (e.g. a metro area's name), each group in the list's own order.
  const filtered = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase();
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

  const activeOption = open ? filtered[active] : undefined;

  // Keep the active option in view while the arrows move through a long list.
  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const selectedIndex = () => filtered.findIndex((o) => o.value === value);
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const choose = (o: ComboboxOption) => {
    onChange(o.value);
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const count = filtered.length;
    switch (e.key) {
      case 'ArrowDown': {
        e.preventDefault();
        if (!open) {
          const at = selectedIndex();
          openAt(e.altKey ? at : at >= 0 ? at : Math.min(0, count - 1));
        } else if (count > 0) setActive(active < 0 || active >= count - 1 ? 0 : active + 1);
        break;
      }
      case 'ArrowUp': {
        e.preventDefault();
        if (!open) {
          const at = selectedIndex();
          openAt(at >= 0 ? at : count - 1);
        } else if (count > 0) setActive(active <= 0 || active >= count ? count - 1 : active - 1);
        break;
      }
      case 'Enter': {
        // With the list closed, Enter submits the form as in any text box.
        if (!open) break;
        e.preventDefault();
        if (activeOption) choose(activeOption);
        else if (count === 1 && filtered[0]) choose(filtered[0]);
        else if (count > 1) setActive(0);
        break;
      }
      case 'Escape': {
        if (!open) break;
        e.preventDefault();
        close();
        break;
      }
    }
  };

  const emptyMessage = options.length === 0 ? emptyText : filtered.length === 0 ? noMatchText : null;

  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={query ?? selected?.label ?? ''}
        onChange={(e) => {
          setQuery(e.target.value);
          openAt(-1);
        }}
        onClick={(e) => {
          if (open) return;
          e.currentTarget.select();
          openAt(selectedIndex());
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        className={cn(fieldClasses, 'truncate pr-9 disabled:opacity-70', className ?? 'h-10')}
      />
      <ChevronDownIcon
        className={cn(
          'pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-600 opacity-70 transition-transform dark:text-slate-300',
          open && 'rotate-180',
        )}
      />
      {/* Pressing inside the list keeps focus in the text box, so choosing with the mouse or a finger does
          not blur it first. */}
      <div
        hidden={!open}
        onMouseDown={(e) => e.preventDefault()}
        className="absolute left-0 right-0 top-full z-50 mt-1 rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="max-h-72 overflow-y-auto"
        >
          {open &&
            filtered.map((o, i) => (
              <li
                key={o.value}
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={o.value === value}
                onClick={() => choose(o)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                  i === active &&
                    'bg-slate-100 ring-2 ring-inset ring-blue-600 dark:bg-slate-800 dark:ring-blue-400',
                )}
              >
                <CheckIcon
                  className={cn('h-4 w-4 shrink-0', o.value === value ? 'opacity-100' : 'opacity-0')}
                />
                <span className="min-w-0 flex-1 truncate">{o.label}</span>
                {o.hint && (
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{o.hint}</span>
                )}
              </li>
            ))}
        </ul>
        {open && emptyMessage && (
          <p className="px-2 py-3 text-center text-sm text-slate-600 dark:text-slate-400">{emptyMessage}</p>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {open && query ? `${filtered.length} matching` : ''}
      </p>
    </div>
  );
}

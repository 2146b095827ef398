// Stars: the rating input as a labelled group of five native radios (so the browser's own keys work: Tab into the
// group, the arrow keys move the choice, each star named "3 stars"), and the stars a published review shows.
import type { Ref } from 'react';
import { fieldErrorId, FieldError } from '#web/components/ui/form-field.tsx';
import { cn } from '#web/lib/cn.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** "1 star", "3 stars". */
export const starsText = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

function StarShape({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={cn(
        filled
          ? 'fill-amber-400 stroke-amber-600 dark:fill-amber-300 dark:stroke-amber-300'
          : 'fill-transparent stroke-slate-500 dark:stroke-slate-400',
        className,
      )}
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

export interface StarRatingInputProps {
  /** Unique per form: the radios' name and the ids of the error. */
  id: string;
  /** The group's visible name ("Overall rating", "Quality"). */
  legend: string;
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string;
  /** Gets the first radio, to move focus here when the group has an error. */
  firstRef?: Ref<HTMLInputElement>;
  size?: 'lg' | 'md';
}

export function StarRatingInput({
  id,
  legend,
  value,
  onChange,
  error,
  firstRef,
  size = 'md',
}: StarRatingInputProps) {
  const star = size === 'lg' ? 'h-9 w-9' : 'h-7 w-7';
  return (
    <fieldset aria-describedby={error ? fieldErrorId(id) : undefined} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex">
          {STARS.map((n) => (
            <label key={n} className="cursor-pointer p-0.5">
              <input
                ref={n === 1 ? firstRef : undefined}
                type="radio"
                name={id}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-invalid={error ? true : undefined}
                className="peer sr-only"
              />
              <span className="sr-only">{starsText(n)}</span>
              <StarShape
                filled={value !== undefined && n <= value}
                className={cn(
                  star,
                  'rounded-md peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600 dark:peer-focus-visible:ring-blue-400',
                )}
              />
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-slate-700 dark:text-slate-300">
          {value ? `${value} of 5` : 'Not rated yet'}
        </span>
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/** A published rating: five stars drawn, read as "Rated 4 out of 5". */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className={cn('inline-flex', className)}>
      {STARS.map((n) => (
        <StarShape key={n} filled={n <= value} className="h-5 w-5" />
      ))}
    </span>
  );
}

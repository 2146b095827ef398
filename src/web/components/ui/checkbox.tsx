import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { CheckIcon } from './icons.tsx';

export interface CheckboxProps extends Omit<
  ComponentProps<'input'>,
  'type' | 'checked' | 'defaultChecked' | 'onChange'
> {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * A native checkbox (Space toggles it, forms and assistive technology see a real input) drawn as a 20px box with
 * a check mark. `className` goes on the wrapper, for placement.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn('relative inline-flex h-5 w-5 shrink-0', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheckedChange?.(e.target.checked)}
        className="peer h-5 w-5 cursor-pointer appearance-none rounded border border-slate-400 bg-white checked:border-blue-700 checked:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600 dark:border-slate-500 dark:bg-slate-900 dark:checked:border-blue-500 dark:checked:bg-blue-600 dark:focus-visible:ring-blue-400 dark:focus-visible:ring-offset-slate-950"
        {...props}
      />
      <CheckIcon className="pointer-events-none absolute left-0.5 top-0.5 hidden h-4 w-4 text-white peer-checked:block" />
    </span>
  );
}

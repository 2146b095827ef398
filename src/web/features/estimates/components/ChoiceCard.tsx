// A native radio or checkbox drawn as a card: arrow keys move within a radio group, Space toggles a checkbox.
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface ChoiceCardProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  detail?: ReactNode;
  describedBy?: string;
}

export function ChoiceCard({
  type,
  name,
  value,
  checked,
  onChange,
  title,
  detail,
  describedBy,
}: ChoiceCardProps) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex h-full cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 text-left transition dark:bg-slate-900',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-blue-400 dark:has-[:focus-visible]:ring-offset-slate-950',
        checked
          ? 'border-blue-600 bg-blue-50 dark:border-blue-500 dark:bg-blue-950/60'
          : 'border-slate-300 hover:border-blue-400 dark:border-slate-700 dark:hover:border-blue-600',
      )}
    >
      <input
        id={id}
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-describedby={describedBy}
        className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700 focus:outline-none"
      />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900 dark:text-white">{title}</span>
        {detail && <span className="mt-0.5 block text-sm text-slate-700 dark:text-slate-300">{detail}</span>}
      </span>
    </label>
  );
}

// Shared pieces of the admin screens: role and plan labels, who is protected from deletion, the table box,
// cell classes and column headings, the deletion mode choice, a tab's status filter. The list states and the pager are the app's
// (#web/components/list).
import type { ReactNode } from 'react';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';

export const roleLabels = { customer: 'Customer', provider: 'Service Provider', admin: 'Admin' } as const;
export const planLabels = {
  free: 'Free',
  starter: 'Starter',
  deluxe: 'Deluxe',
  enterprise: 'Enterprise',
  premium: 'Premium',
} as const;

/** Admins and the signed-in admin are protected (decision 0014); the deletion preview has the final word. */
export const looksProtected = (u: { id: string; role: string }, myId: string | undefined) =>
  u.role === 'admin' || u.id === myId;

export const planLabel = (plan: string) => planLabels[plan as keyof typeof planLabels] ?? plan;
export const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || '(no name)';

/** A table that scrolls sideways inside its own box on a narrow screen (390 px) instead of the page. */
export function TableBox({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

export const th =
  'whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:border-slate-800 dark:bg-slate-800 dark:text-slate-200';
export const td = 'border-b border-slate-100 px-3 py-2 align-middle text-sm dark:border-slate-800';

/** A table's column headings, in order. */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return names.map((name) => (
    <th key={name} scope="col" className={th}>
      {name}
    </th>
  ));
}

/** A radio pair for soft (recommended) or hard deletion. */
export function ModeChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: 'soft' | 'hard';
  onChange: (v: 'soft' | 'hard') => void;
}) {
  const option = (v: 'soft' | 'hard', title: string, text: string) => (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
        value === v
          ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950'
          : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <input
        type="radio"
        name={name}
        value={v}
        checked={value === v}
        onChange={() => onChange(v)}
        className="mt-0.5 h-4 w-4 accent-blue-700"
      />
      <span>
        <span className="block font-medium text-slate-900 dark:text-slate-100">{title}</span>
        <span className="block text-slate-700 dark:text-slate-300">{text}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Deletion mode</legend>
      {option(
        'soft',
        'Soft delete (recommended)',
        'Signs the user out, redacts their personal data and keeps their estimates and messages, attributed to "Deleted User".',
      )}
      {option(
        'hard',
        'Hard delete',
        'Permanently removes the user and all of their data. This cannot be undone.',
      )}
    </fieldset>
  );
}

/** A tab's status filter (its search landmark and one select), as the Reviews, Verifications and Mail tabs use. */
export function StatusFilter<S extends string>({
  id,
  search,
  label,
  labels,
  value,
  onChange,
}: {
  id: string;
  /** The landmark's name, e.g. "Filter the reviews". */
  search: string;
  label: string;
  labels: Record<S, string>;
  value: S;
  onChange: (status: S) => void;
}) {
  return (
    <div role="search" aria-label={search} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <div className="space-y-1.5">
        <Label htmlFor={id}>{label}</Label>
        <select
          id={id}
          className={cn(fieldClasses, 'h-10')}
          value={value}
          onChange={(e) => onChange(e.target.value as S)}
        >
          {(Object.keys(labels) as S[]).map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

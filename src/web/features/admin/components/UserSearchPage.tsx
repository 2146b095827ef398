// /admin/replit-db-users: the advanced user search, opened in a new tab from the panel.
// Every stored field of each account, deleted and unverified ones included; the server filters by text, role,
// plan, dates and deletion, this screen by verification on the rows it read; the results export as CSV.
import { countOf } from '#domain/count-words';
import { useMemo, useState, type FormEvent } from 'react';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { toCsv } from '#domain/csv';
import { formatAdminDate } from '#domain/format';
import { EmptyState, ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager } from '#web/components/list/Pager.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { fieldClasses, Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { getUsers, type UsersQuery } from '../api/get-users.ts';
import { adminTimeZone } from '../api/keys.ts';
import { ColumnHeads, planLabel, roleLabels, TableBox, td } from './parts.tsx';

/** At most this many pages of 10 are read for one search (1,000 accounts); the screen says when it stops. */
export const MAX_SEARCH_PAGES = 100;
const SHOWN_PER_PAGE = 25;

interface Criteria {
  search: string;
  role: 'all' | 'customer' | 'provider' | 'admin';
  subscription: 'all' | 'free' | 'starter' | 'deluxe' | 'enterprise';
  deleted: 'exclude' | 'include' | 'only';
  verified: 'all' | 'yes' | 'no';
  createdAfter: string;
  createdBefore: string;
}

const initial: Criteria = {
  search: '',
  role: 'all',
  subscription: 'all',
  deleted: 'include',
  verified: 'all',
  createdAfter: '',
  createdBefore: '',
};

const columns = [
  'id',
  'firstName',
  'lastName',
  'email',
  'role',
  'effectiveRole',
  'subscriptionPlan',
  'emailVerified',
  'createdAt',
  'lastActiveAt',
  'adminExpiresAt',
  'deletedAt',
] as const satisfies readonly (keyof AdminUser)[];

/** The results table's headings. */
const resultColumns = [
  'Name',
  'Email',
  'Role',
  'In force',
  'Subscription',
  'Verified',
  'Created',
  'Last Active',
  'Admin until',
  'Deleted',
  'ID',
];

async function readAll(criteria: Criteria, timeZone: string) {
  const base: UsersQuery = {
    search: criteria.search.trim(),
    role: criteria.role,
    subscription: criteria.subscription,
    deleted: criteria.deleted,
    createdAfter: criteria.createdAfter || undefined,
    createdBefore: criteria.createdBefore || undefined,
    timeZone,
  };
  const first = await getUsers({ ...base, page: 1 });
  const users = [...first.users];
  const last = Math.min(first.pageCount, MAX_SEARCH_PAGES);
  for (let page = 2; page <= last; page++) users.push(...(await getUsers({ ...base, page })).users);
  return { users, total: first.total, truncated: first.pageCount > MAX_SEARCH_PAGES };
}

export function UserSearchPage() {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const [criteria, setCriteria] = useState<Criteria>(initial);
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'error' }
    | { kind: 'done'; users: AdminUser[]; total: number; truncated: boolean; verified: Criteria['verified'] }
  >({ kind: 'idle' });
  const [page, setPage] = useState(1);

  const run = async (e?: FormEvent) => {
    e?.preventDefault();
    setState({ kind: 'loading' });
    setPage(1);
    try {
      const r = await readAll(criteria, timeZone);
      setState({ kind: 'done', ...r, verified: criteria.verified });
    } catch {
      setState({ kind: 'error' });
    }
  };

  const rows =
    state.kind === 'done'
      ? state.users.filter((u) => state.verified === 'all' || u.emailVerified === (state.verified === 'yes'))
      : [];
  const pageCount = Math.max(1, Math.ceil(rows.length / SHOWN_PER_PAGE));
  const shown = rows.slice((page - 1) * SHOWN_PER_PAGE, page * SHOWN_PER_PAGE);

  const exportCsv = () => {
    const blob = new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `users-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({
      title: 'Download Started',
      description: `${countOf(rows.length, 'user')} exported as CSV.`,
      variant: 'success',
    });
  };

  const set = <K extends keyof Criteria>(k: K, v: Criteria[K]) => setCriteria((c) => ({ ...c, [k]: v }));
  const select = (
    id: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: [string, string][],
  ) => (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={cn(fieldClasses, 'h-10')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
        Admin Panel
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">User Search</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Every account and every stored field, including deleted and unverified accounts.
      </p>
      <form
        role="search"
        aria-label="Search users"
        onSubmit={(e) => void run(e)}
        className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="adv-search">Name or email</Label>
          <Input
            id="adv-search"
            type="search"
            value={criteria.search}
            onChange={(e) => set('search', e.target.value)}
          />
        </div>
        {select('adv-role', 'Role', criteria.role, (v) => set('role', v as Criteria['role']), [
          ['all', 'All roles'],
          ['customer', 'Customer'],
          ['provider', 'Service Provider'],
          ['admin', 'Admin'],
        ])}
        {select(
          'adv-plan',
          'Subscription',
          criteria.subscription,
          (v) => set('subscription', v as Criteria['subscription']),
          [
            ['all', 'All plans'],
            ['free', 'Free'],
            ['starter', 'Starter'],
            ['deluxe', 'Deluxe'],
            ['enterprise', 'Enterprise'],
          ],
        )}
        {select(
          'adv-verified',
          'Email verified',
          criteria.verified,
          (v) => set('verified', v as Criteria['verified']),
          [
            ['all', 'Verified or not'],
            ['yes', 'Verified'],
            ['no', 'Not verified'],
          ],
        )}
        {select(
          'adv-deleted',
          'Deleted accounts',
          criteria.deleted,
          (v) => set('deleted', v as Criteria['deleted']),
          [
            ['include', 'Include deleted'],
            ['exclude', 'Exclude deleted'],
            ['only', 'Only deleted'],
          ],
        )}
        <div className="space-y-1.5">
          <Label htmlFor="adv-created-after">Created from</Label>
          <Input
            id="adv-created-after"
            type="date"
            value={criteria.createdAfter}
            onChange={(e) => set('createdAfter', e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="adv-created-before">Created to</Label>
          <Input
            id="adv-created-before"
            type="date"
            value={criteria.createdBefore}
            onChange={(e) => set('createdBefore', e.target.value)}
          />
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={state.kind === 'loading'}>
            {state.kind === 'loading' ? 'Searching…' : 'Search'}
          </Button>
          <Button variant="ghost" onClick={() => setCriteria(initial)}>
            Reset
          </Button>
        </div>
      </form>

      <div className="mt-6">
        {state.kind === 'idle' ? (
          <EmptyState text="Choose criteria and press Search." />
        ) : state.kind === 'loading' ? (
          <LoadingState text="Searching users..." />
        ) : state.kind === 'error' ? (
          <ErrorState text="Failed to fetch users." onRetry={() => void run()} />
        ) : rows.length === 0 ? (
          <EmptyState text="No users match your search." />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm font-medium text-slate-900 dark:text-slate-100" aria-live="polite">
                {countOf(rows.length, 'user')} found
                {state.truncated
                  ? ` (the first ${MAX_SEARCH_PAGES * 10} of ${state.total}; narrow the search)`
                  : ''}
              </p>
              <Button variant="outline" size="sm" onClick={exportCsv}>
                Export CSV
              </Button>
            </div>
            <TableBox label="Search results">
              <table className="w-full min-w-[80rem] border-collapse text-slate-900 dark:text-slate-100">
                <thead>
                  <tr>
                    <ColumnHeads names={resultColumns} />
                  </tr>
                </thead>
                <tbody>
                  {shown.map((u) => (
                    <tr key={u.id}>
                      <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-medium')}>
                        {`${u.firstName} ${u.lastName}`.trim()}
                      </th>
                      <td className={cn(td, 'whitespace-nowrap')}>{u.email}</td>
                      <td className={td}>{roleLabels[u.role]}</td>
                      <td className={td}>{roleLabels[u.effectiveRole]}</td>
                      <td className={td}>{planLabel(u.subscriptionPlan)}</td>
                      <td className={td}>{u.emailVerified ? 'Yes' : 'No'}</td>
                      <td className={cn(td, 'whitespace-nowrap')}>
                        {formatAdminDate(u.createdAt, timeZone)}
                      </td>
                      <td className={cn(td, 'whitespace-nowrap')}>
                        {formatAdminDate(u.lastActiveAt, timeZone) || 'Never'}
                      </td>
                      <td className={cn(td, 'whitespace-nowrap')}>
                        {formatAdminDate(u.adminExpiresAt, timeZone) || '—'}
                      </td>
                      <td className={cn(td, 'whitespace-nowrap')}>
                        {formatAdminDate(u.deletedAt, timeZone) || 'No'}
                      </td>
                      <td className={cn(td, 'font-mono text-xs')}>{u.id}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
            <Pager page={page} pageCount={pageCount} onPage={setPage} label="Search result pages" />
          </>
        )}
      </div>
    </div>
  );
}

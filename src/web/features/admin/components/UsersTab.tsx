// The Users tab (spec part 2 sections 2, 4, 5 and 8): server-side search, filters and pages of 10, the inline
// role select, edit and delete per row, and bulk deletion through a preview (protected rows excluded).
import { lazy, Suspense, useMemo, useState } from 'react';
import type { AdminUser, BulkDeleteResponse, DeletionPreviewItem } from '#domain/schemas/admin-api.schema';
import { formatAdminDate, formatLastActive, selectedUsersText, showingUsersText } from '#domain/format';
import { roles, type Role } from '#domain/permissions';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { SearchIcon } from '#web/components/ui/icons.tsx';
import { fieldClasses, Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useBulkDelete } from '../api/bulk-delete.ts';
import { useChangeRole } from '../api/change-role.ts';
import { useDeletionPreview } from '../api/get-deletion-preview.ts';
import { useUsers, type UsersQuery } from '../api/get-users.ts';
import { adminTimeZone } from '../api/keys.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { DeletionResultsDialog } from './DeletionResultsDialog.tsx';
import {
  EmptyState,
  ErrorState,
  fullName,
  LoadingState,
  Pager,
  planLabel,
  roleLabels,
  TableBox,
  td,
  th,
} from './parts.tsx';

type RoleFilter = 'all' | Role;
type PlanFilter = 'all' | 'free' | 'starter' | 'deluxe' | 'enterprise';

interface Filters {
  role: RoleFilter;
  subscription: PlanFilter;
  createdAfter: string;
  createdBefore: string;
  lastActiveAfter: string;
  lastActiveBefore: string;
}

const noFilters: Filters = {
  role: 'all',
  subscription: 'all',
  createdAfter: '',
  createdBefore: '',
  lastActiveAfter: '',
  lastActiveBefore: '',
};

const selectClasses = cn(fieldClasses, 'h-10');

// The dialogs with a form load on first use, with their checks (zod and the shared admin schemas).
const EditUserDialog = lazy(async () => ({
  default: (await import('./EditUserDialog.tsx')).EditUserDialog,
}));
const DeleteUserDialog = lazy(async () => ({
  default: (await import('./DeleteUserDialog.tsx')).DeleteUserDialog,
}));
const DeletionPreviewDialog = lazy(async () => ({
  default: (await import('./DeletionPreviewDialog.tsx')).DeletionPreviewDialog,
}));

/** Admins and the signed-in admin are protected (decision 0014); the preview has the final word. */
export const looksProtected = (u: Pick<AdminUser, 'id' | 'role'>, myId: string | undefined) =>
  u.role === 'admin' || u.id === myId;

export function UsersTab({ onAccessRevoked }: { onAccessRevoked: () => void }) {
  const { user: me } = useAuth();
  const timeZone = useMemo(() => adminTimeZone(), []);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebounced(search.trim());
  const query: UsersQuery = { search: debouncedSearch, ...filters, page, timeZone };
  const { data, isLoading, isError, refetch, isFetching } = useUsers(query);

  const [selected, setSelected] = useState<Map<string, AdminUser>>(new Map());
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [preview, setPreview] = useState<DeletionPreviewItem[] | null>(null);
  const [results, setResults] = useState<{
    response: BulkDeleteResponse;
    preview: DeletionPreviewItem[];
  } | null>(null);

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const roleChange = useChangeRole({
    onSuccess: ({ wasDowngraded, user }) => {
      if (wasDowngraded) return onAccessRevoked();
      toast({
        title: 'User role updated successfully',
        description:
          user.role === 'admin'
            ? `${fullName(user)} is now an admin.`
            : `${fullName(user)} is now a ${roleLabels[user.role]}. Any elevated privileges were revoked immediately.`,
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({
        title: 'Error updating user role',
        description: errorMessage(err, 'Failed to update user role.'),
        variant: 'destructive',
      }),
  });

  const previewCall = useDeletionPreview({
    onSuccess: (items) => setPreview(items),
    onError: () =>
      toast({
        title: 'Preview failed — check server logs',
        description: 'Failed to load deletion preview.',
        variant: 'destructive',
      }),
  });

  const bulk = useBulkDelete({
    onSuccess: (response) => {
      const title = `${response.mode === 'hard' ? 'Hard' : 'Soft'} deletion completed`;
      toast({
        title,
        description: `Deleted: ${response.deleted}, skipped: ${response.skipped}, failed: ${response.failed}`,
        variant: response.failed > 0 ? 'destructive' : 'success',
      });
      setResults({ response, preview: preview ?? [] });
      setPreview(null);
      setSelected(new Map());
    },
    onError: (err) =>
      toast({
        title: 'Error deleting users',
        description: errorMessage(err, 'Failed to delete users.'),
        variant: 'destructive',
      }),
  });

  const users = data?.users ?? [];
  const pageCount = data?.pageCount ?? 1;
  const allOnPage = users.length > 0 && users.every((u) => selected.has(u.id));
  const someOnPage = users.some((u) => selected.has(u.id));
  const selectedUsers = [...selected.values()];
  const anyDeletable = selectedUsers.some((u) => !looksProtected(u, me?.id));

  const toggle = (u: AdminUser, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(u.id, u);
      else next.delete(u.id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const u of users) {
        if (on) next.set(u.id, u);
        else next.delete(u.id);
      }
      return next;
    });

  const hasFilters = search.trim() !== '' || JSON.stringify(filters) !== JSON.stringify(noFilters);

  return (
    <section aria-labelledby="users-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="users-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            User Management
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Search, filter, edit, change roles and delete accounts. Dates are in {timeZone}.
          </p>
        </div>
        <div className="rounded-lg border border-slate-200 px-4 py-2 text-right dark:border-slate-800">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Total Users
          </p>
          <p className="text-2xl font-bold text-slate-900 dark:text-white" data-testid="total-users">
            {data ? data.total : '—'}
          </p>
        </div>
      </div>

      <div role="search" aria-label="Filter users" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="user-search">Search users</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
            <Input
              id="user-search"
              type="search"
              className="pl-9"
              placeholder="Name or email"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="user-type">User type</Label>
          <select
            id="user-type"
            className={selectClasses}
            value={filters.role}
            onChange={(e) => setFilter('role', e.target.value as RoleFilter)}
          >
            <option value="all">All users</option>
            <option value="customer">Customer</option>
            <option value="provider">Service Provider</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="user-subscription">Subscription</Label>
          <select
            id="user-subscription"
            className={selectClasses}
            value={filters.subscription}
            onChange={(e) => setFilter('subscription', e.target.value as PlanFilter)}
          >
            <option value="all">All plans</option>
            <option value="free">Free</option>
            <option value="starter">Starter</option>
            <option value="deluxe">Deluxe</option>
            <option value="enterprise">Enterprise</option>
          </select>
        </div>
        <DateRange
          legend="Created"
          idPrefix="created"
          after={filters.createdAfter}
          before={filters.createdBefore}
          onAfter={(v) => setFilter('createdAfter', v)}
          onBefore={(v) => setFilter('createdBefore', v)}
        />
        <DateRange
          legend="Last Active"
          idPrefix="last-active"
          after={filters.lastActiveAfter}
          before={filters.lastActiveBefore}
          onAfter={(v) => setFilter('lastActiveAfter', v)}
          onBefore={(v) => setFilter('lastActiveBefore', v)}
        />
        {hasFilters && (
          <div className="flex items-end">
            <Button
              variant="ghost"
              onClick={() => {
                setSearch('');
                setFilters(noFilters);
                setPage(1);
              }}
            >
              Clear filters
            </Button>
          </div>
        )}
      </div>

      {selected.size > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 dark:border-blue-900 dark:bg-blue-950"
        >
          <p className="text-sm font-medium text-blue-900 dark:text-blue-100" aria-live="polite">
            {selectedUsersText(selected.size)}
            {!anyDeletable && (
              <span id="bulk-protected-note" className="block text-xs font-normal">
                Admins and your own account are protected and cannot be deleted.
              </span>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={!anyDeletable || previewCall.isPending}
              aria-describedby={anyDeletable ? undefined : 'bulk-protected-note'}
              onClick={() => previewCall.mutate([...selected.keys()])}
            >
              {previewCall.isPending ? 'Loading preview…' : 'Preview Deletion'}
            </Button>
          </div>
        </div>
      )}

      <div className="mt-4">
        {isLoading ? (
          <LoadingState text="Loading users..." />
        ) : isError || !data ? (
          <ErrorState text="Failed to load users." onRetry={() => void refetch()} />
        ) : users.length === 0 ? (
          <EmptyState text={hasFilters ? 'No users match your filters.' : 'No users yet.'} />
        ) : (
          <TableBox label="Users" className={cn(isFetching && 'opacity-80')}>
            <table className="w-full min-w-[56rem] border-collapse text-slate-900 dark:text-slate-100">
              <thead>
                <tr>
                  <th scope="col" className={cn(th, 'w-10')}>
                    <Checkbox
                      aria-label="Select all users on this page"
                      checked={allOnPage}
                      ref={(el) => {
                        if (el) el.indeterminate = someOnPage && !allOnPage;
                      }}
                      onCheckedChange={togglePage}
                    />
                  </th>
                  <th scope="col" className={th}>
                    Name
                  </th>
                  <th scope="col" className={th}>
                    Email
                  </th>
                  <th scope="col" className={th}>
                    Role
                  </th>
                  <th scope="col" className={th}>
                    Subscription
                  </th>
                  <th scope="col" className={th}>
                    Created
                  </th>
                  <th scope="col" className={th}>
                    Last Active
                  </th>
                  <th scope="col" className={th}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => {
                  const name = fullName(u);
                  const expired = u.role === 'admin' && u.effectiveRole !== 'admin';
                  return (
                    <tr key={u.id} className={cn(selected.has(u.id) && 'bg-blue-50/60 dark:bg-blue-950/40')}>
                      <td className={td}>
                        <Checkbox
                          aria-label={`Select ${name}`}
                          checked={selected.has(u.id)}
                          onCheckedChange={(on) => toggle(u, on)}
                        />
                      </td>
                      <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-medium')}>
                        {name}
                        {u.id === me?.id && (
                          <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(you)</span>
                        )}
                      </th>
                      <td className={cn(td, 'whitespace-nowrap')}>{u.email}</td>
                      <td className={td}>
                        <select
                          aria-label={`Role of ${name}`}
                          className={cn(selectClasses, 'h-9 w-40 min-w-40')}
                          value={u.role}
                          disabled={roleChange.isPending && roleChange.variables?.userId === u.id}
                          onChange={(e) => roleChange.mutate({ userId: u.id, role: e.target.value as Role })}
                        >
                          {roles.map((r) => (
                            <option key={r} value={r}>
                              {roleLabels[r]}
                            </option>
                          ))}
                        </select>
                        {u.role === 'admin' && u.adminExpiresAt && (
                          <p
                            className={cn(
                              'mt-1 text-xs',
                              expired
                                ? 'text-red-800 dark:text-red-300'
                                : 'text-slate-600 dark:text-slate-400',
                            )}
                          >
                            {expired ? 'Expired ' : 'Until '}
                            {formatAdminDate(u.adminExpiresAt, timeZone)}
                          </p>
                        )}
                      </td>
                      <td className={td}>{u.role === 'provider' ? planLabel(u.subscriptionPlan) : 'N/A'}</td>
                      <td className={cn(td, 'whitespace-nowrap')}>
                        {formatAdminDate(u.createdAt, timeZone)}
                      </td>
                      <td className={cn(td, 'whitespace-nowrap')}>
                        {formatLastActive(u.lastActiveAt, timeZone)}
                      </td>
                      <td className={td}>
                        <div className="flex gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Edit ${name}`}
                            onClick={() => setEditing(u)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            className="text-red-800 dark:text-red-300"
                            aria-label={`Delete ${name}`}
                            disabled={looksProtected(u, me?.id)}
                            title={looksProtected(u, me?.id) ? 'Protected' : undefined}
                            onClick={() => setDeleting(u)}
                          >
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableBox>
        )}
        {data && data.total > 0 && (
          <Pager page={data.page} pageCount={pageCount} onPage={setPage} label="Users pages">
            {showingUsersText(data.page, data.pageSize || 10, data.total)}
          </Pager>
        )}
      </div>

      <Suspense fallback={null}>
        {editing && (
          <EditUserDialog user={editing} onClose={() => setEditing(null)} onAccessRevoked={onAccessRevoked} />
        )}
        {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
        {preview && (
          <DeletionPreviewDialog
            items={preview}
            pending={bulk.isPending}
            onClose={() => setPreview(null)}
            onConfirm={(body) => bulk.mutate(body)}
          />
        )}
      </Suspense>
      <DeletionResultsDialog results={results} onClose={() => setResults(null)} />
    </section>
  );
}

function DateRange({
  legend,
  idPrefix,
  after,
  before,
  onAfter,
  onBefore,
}: {
  legend: string;
  idPrefix: string;
  after: string;
  before: string;
  onAfter: (v: string) => void;
  onBefore: (v: string) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-after`} className="text-xs">
          {legend} from
        </Label>
        <Input
          id={`${idPrefix}-after`}
          type="date"
          value={after}
          max={before || undefined}
          onChange={(e) => onAfter(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-before`} className="text-xs">
          {legend} to
        </Label>
        <Input
          id={`${idPrefix}-before`}
          type="date"
          value={before}
          min={after || undefined}
          onChange={(e) => onBefore(e.target.value)}
        />
      </div>
    </fieldset>
  );
}

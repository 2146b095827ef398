// The Users tab (spec part 2 sections 2, 4, 5 and 8): server-side search, filters and pages of 10, the inline
// role select, edit and delete per row, and bulk deletion through a preview (protected rows excluded).
import { lazy, Suspense, useMemo, useState } from 'react';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { showingUsersText } from '#domain/format';
import { useAuth } from '#web/features/auth/index.ts';
import { useUsers, type UsersQuery } from '../api/get-users.ts';
import { adminTimeZone } from '../api/keys.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { useSelection } from '../hooks/useSelection.ts';
import { BulkDelete } from './BulkDelete.tsx';
import { EmptyState, ErrorState, LoadingState, Pager } from './parts.tsx';
import { noUserFilters, UserFilters, type UserFilterValues } from './UserFilters.tsx';
import { UsersTable } from './UsersTable.tsx';

// The dialogs with a form load on first use, with their checks (zod and the shared admin schemas).
const EditUserDialog = lazy(async () => ({
  default: (await import('./EditUserDialog.tsx')).EditUserDialog,
}));
const DeleteUserDialog = lazy(async () => ({
  default: (await import('./DeleteUserDialog.tsx')).DeleteUserDialog,
}));

export function UsersTab({ onAccessRevoked }: { onAccessRevoked: () => void }) {
  const { user: me } = useAuth();
  const timeZone = useMemo(() => adminTimeZone(), []);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<UserFilterValues>(noUserFilters);
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebounced(search.trim());
  const query: UsersQuery = { search: debouncedSearch, ...filters, page, timeZone };
  const { data, isLoading, isError, refetch, isFetching } = useUsers(query);
  const selection = useSelection<AdminUser>();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const setFilter = <K extends keyof UserFilterValues>(key: K, value: UserFilterValues[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const filtered = search.trim() !== '' || JSON.stringify(filters) !== JSON.stringify(noUserFilters);
  const users = data?.users ?? [];

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

      <UserFilters
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        filters={filters}
        onFilter={setFilter}
        filtered={filtered}
        onClear={() => {
          setSearch('');
          setFilters(noUserFilters);
          setPage(1);
        }}
      />

      <BulkDelete selection={selection} myId={me?.id} />

      <div className="mt-4">
        {isLoading ? (
          <LoadingState text="Loading users..." />
        ) : isError || !data ? (
          <ErrorState text="Failed to load users." onRetry={() => void refetch()} />
        ) : users.length === 0 ? (
          <EmptyState text={filtered ? 'No users match your filters.' : 'No users yet.'} />
        ) : (
          <UsersTable
            users={users}
            myId={me?.id}
            timeZone={timeZone}
            selection={selection}
            busy={isFetching}
            onEdit={setEditing}
            onDelete={setDeleting}
            onAccessRevoked={onAccessRevoked}
          />
        )}
        {data && data.total > 0 && (
          <Pager page={data.page} pageCount={data.pageCount} onPage={setPage} label="Users pages">
            {showingUsersText(data.page, data.pageSize || 10, data.total)}
          </Pager>
        )}
      </div>

      <Suspense fallback={null}>
        {editing && (
          <EditUserDialog user={editing} onClose={() => setEditing(null)} onAccessRevoked={onAccessRevoked} />
        )}
        {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
      </Suspense>
    </section>
  );
}

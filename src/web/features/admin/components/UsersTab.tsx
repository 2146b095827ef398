// The Users tab: server-side search, filters and pages of 10, the inline
// role select, edit and delete per row, and bulk deletion through a preview (protected rows excluded).
import { lazy, Suspense, useMemo, useState } from 'react';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { showingUsersText } from '#domain/format';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { useUsers, type UsersQuery } from '../api/get-users.ts';
import { adminTimeZone } from '../api/keys.ts';
import { useSelection } from '../hooks/useSelection.ts';
import { BulkDelete } from './BulkDelete.tsx';
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
  const params = useListParams<UserFilterValues>(noUserFilters);
  const query: UsersQuery = { search: params.query, ...params.filters, page: params.page, timeZone };
  const list = useUsers(query);
  const { data } = list;
  const selection = useSelection<AdminUser>();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

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
        search={params.search}
        onSearch={params.setSearch}
        filters={params.filters}
        onFilter={params.setFilter}
        filtered={params.filtered}
        onClear={params.clear}
      />

      <BulkDelete selection={selection} myId={me?.id} />

      <div className="mt-4">
        <ListState
          query={list}
          loading={<LoadingState text="Loading users..." />}
          error="Failed to load users."
          isEmpty={(d) => d.users.length === 0}
          empty={<EmptyState text={params.filtered ? 'No users match your filters.' : 'No users yet.'} />}
        >
          {(d) => (
            <UsersTable
              users={d.users}
              myId={me?.id}
              timeZone={timeZone}
              selection={selection}
              busy={list.isFetching}
              onEdit={setEditing}
              onDelete={setDeleting}
              onAccessRevoked={onAccessRevoked}
            />
          )}
        </ListState>
        {data && data.total > 0 && (
          <Pager page={data.page} pageCount={data.pageCount} onPage={params.setPage} label="Users pages">
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

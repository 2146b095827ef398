// The Users tab's table: a checkbox per row and for the page, name, email, the inline role select (with an
// admin's expiry), plan, created, last active, and Edit and Delete (none for a protected account).
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { formatAdminDate, formatLastActive } from '#domain/format';
import { roles, type Role } from '#domain/permissions';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useChangeRole } from '../api/change-role.ts';
import type { Selection } from '../hooks/useSelection.ts';
import { ColumnHeads, fullName, looksProtected, planLabel, roleLabels, TableBox, td, th } from './parts.tsx';

export interface UsersTableProps {
  users: readonly AdminUser[];
  myId: string | undefined;
  timeZone: string;
  selection: Selection<AdminUser>;
  /** The next page or filter is loading (the rows on screen are the previous ones). */
  busy: boolean;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  onAccessRevoked: () => void;
}

const columns = ['Name', 'Email', 'Role', 'Subscription', 'Created', 'Last Active', 'Actions'];

export function UsersTable({
  users,
  myId,
  timeZone,
  selection,
  busy,
  onEdit,
  onDelete,
  onAccessRevoked,
}: UsersTableProps) {
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
  const allOnPage = users.length > 0 && users.every((u) => selection.has(u.id));
  const someOnPage = users.some((u) => selection.has(u.id));

  return (
    <TableBox label="Users" className={cn(busy && 'opacity-80')}>
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
                onCheckedChange={(on) => selection.toggleAll(users, on)}
              />
            </th>
            <ColumnHeads names={columns} />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => {
            const name = fullName(u);
            const expired = u.role === 'admin' && u.effectiveRole !== 'admin';
            const isProtected = looksProtected(u, myId);
            return (
              <tr key={u.id} className={cn(selection.has(u.id) && 'bg-blue-50/60 dark:bg-blue-950/40')}>
                <td className={td}>
                  <Checkbox
                    aria-label={`Select ${name}`}
                    checked={selection.has(u.id)}
                    onCheckedChange={(on) => selection.toggle(u, on)}
                  />
                </td>
                <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-medium')}>
                  {name}
                  {u.id === myId && (
                    <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(you)</span>
                  )}
                </th>
                <td className={cn(td, 'whitespace-nowrap')}>{u.email}</td>
                <td className={td}>
                  <select
                    aria-label={`Role of ${name}`}
                    className={cn(fieldClasses, 'h-10', 'h-9 w-40 min-w-40')}
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
                        expired ? 'text-red-800 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
                      )}
                    >
                      {expired ? 'Expired ' : 'Until '}
                      {formatAdminDate(u.adminExpiresAt, timeZone)}
                    </p>
                  )}
                </td>
                <td className={td}>{u.role === 'provider' ? planLabel(u.subscriptionPlan) : 'N/A'}</td>
                <td className={cn(td, 'whitespace-nowrap')}>{formatAdminDate(u.createdAt, timeZone)}</td>
                <td className={cn(td, 'whitespace-nowrap')}>{formatLastActive(u.lastActiveAt, timeZone)}</td>
                <td className={td}>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={() => onEdit(u)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-red-800 dark:text-red-300"
                      aria-label={`Delete ${name}`}
                      disabled={isProtected}
                      title={isProtected ? 'Protected' : undefined}
                      onClick={() => onDelete(u)}
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
  );
}

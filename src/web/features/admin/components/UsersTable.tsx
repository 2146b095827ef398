// The Users tab's table: a checkbox per row and for the page, name, email, the inline role select (with an
// admin's expiry; a change is confirmed first, saying what else changes), plan, created, last active, and Edit and
// Delete (none for a protected account). Names and emails wrap and the actions column stays in view, so the
// table fits a 1366 px screen without hiding its actions.
import { useState } from 'react';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { formatAdminDate, formatLastActive } from '#domain/format';
import { roles, type Role } from '#domain/permissions';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useChangeRole } from '../api/change-role.ts';
import type { Selection } from '../hooks/useSelection.ts';
import { roleChangeQuestion } from '../role-change.ts';
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

const columns = ['Name', 'Email', 'Role', 'Subscription', 'Created', 'Last Active'];

/** The actions column stays at the right edge of the box when the table scrolls sideways. */
const stickyEnd = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.25)]';

/** "01/05/2026" above "03:04 PM": a date and time cell two lines high rather than one wide line. */
function DateTime({ text }: { text: string }) {
  const [day, ...time] = text.split(' ');
  if (time.length === 0) return <>{text}</>;
  return (
    <>
      <span className="block whitespace-nowrap">{day}</span>{' '}
      <span className="block whitespace-nowrap text-xs text-slate-600 dark:text-slate-400">
        {time.join(' ')}
      </span>
    </>
  );
}

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
  const [asking, setAsking] = useState<{ user: AdminUser; role: Role } | null>(null);
  const question = asking ? roleChangeQuestion(asking.user, asking.role, myId) : null;
  const allOnPage = users.length > 0 && users.every((u) => selection.has(u.id));
  const someOnPage = users.some((u) => selection.has(u.id));

  return (
    <>
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
              <th scope="col" className={cn(th, stickyEnd)}>
                Actions
              </th>
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
                  <th
                    scope="row"
                    className={cn(td, 'min-w-32 text-left font-medium [overflow-wrap:anywhere]')}
                  >
                    {name}
                    {u.id === myId && (
                      <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(you)</span>
                    )}
                  </th>
                  <td className={cn(td, 'min-w-44 [overflow-wrap:anywhere]')}>{u.email}</td>
                  <td className={td}>
                    <select
                      aria-label={`Role of ${name}`}
                      className={cn(fieldClasses, 'h-10', 'h-9 w-40 min-w-40')}
                      value={u.role}
                      disabled={roleChange.isPending && roleChange.variables?.userId === u.id}
                      onChange={(e) => {
                        const role = e.target.value as Role;
                        if (role !== u.role) setAsking({ user: u, role });
                      }}
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
                  <td className={td}>
                    <DateTime text={formatAdminDate(u.createdAt, timeZone)} />
                  </td>
                  <td className={td}>
                    <DateTime text={formatLastActive(u.lastActiveAt, timeZone)} />
                  </td>
                  <td
                    className={cn(
                      td,
                      stickyEnd,
                      selection.has(u.id) ? 'bg-blue-50 dark:bg-blue-950' : 'bg-white dark:bg-slate-900',
                    )}
                  >
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${name}`}
                        onClick={() => onEdit(u)}
                      >
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
      <Dialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        {asking && question && (
          <DialogContent title={question.title} description={question.consequences.join(' ')}>
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button
                onClick={() => {
                  roleChange.mutate({ userId: asking.user.id, role: asking.role });
                  setAsking(null);
                }}
              >
                Change role
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

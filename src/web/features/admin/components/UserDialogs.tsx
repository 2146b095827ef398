// The Users tab's dialogs (spec part 2 sections 2, 4, 5 and 8): Edit User (with Sign out everywhere:
// docs/security.md), Delete User, Deletion Preview and Deletion Results.
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminUser, BulkDeleteResponse, DeletionPreviewItem } from '#domain/schemas/admin-api.schema';
import type { DeletionMode } from '#domain/schemas/admin.schema';
import { roles, type Role } from '#domain/permissions';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { fieldClasses, Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useResetTwoStep } from '../api/reset-two-step.ts';
import { useSignOutUser } from '../api/sign-out-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { fullName, LoadingState, ModeChoice, roleLabels, TableBox, td, th } from './parts.tsx';

const providerPlans = ['free', 'starter', 'deluxe', 'enterprise'] as const;
type ProviderPlan = (typeof providerPlans)[number];

interface FormState {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  subscriptionPlan: ProviderPlan;
  adminExpiresAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formFrom(u: AdminUser): FormState {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    subscriptionPlan: (providerPlans as readonly string[]).includes(u.subscriptionPlan)
      ? (u.subscriptionPlan as ProviderPlan)
      : 'free',
    adminExpiresAt: toLocalInput(u.adminExpiresAt),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(f: FormState): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.firstName.trim()) e.firstName = 'First name is required';
  if (!f.lastName.trim()) e.lastName = 'Last name is required';
  if (!f.email.trim()) e.email = 'Email is required';
  else if (!EMAIL.test(f.email.trim())) e.email = 'Invalid email address';
  return e;
}

export function EditUserDialog({
  user,
  onClose,
  onAccessRevoked,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onAccessRevoked: () => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent title="Edit User" description={`${fullName(user)} · ${user.email}`}>
          <EditUserForm key={user.id} listed={user} onClose={onClose} onAccessRevoked={onAccessRevoked} />
          <SignOutEverywhere key={`sessions-${user.id}`} user={user} />
          <ResetTwoStep key={`two-step-${user.id}`} user={user} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Ends every session of the user; the account stays as it is and they may sign in again. */
function SignOutEverywhere({ user }: { user: AdminUser }) {
  const signOut = useSignOutUser({
    onSuccess: (res) =>
      toast({ title: 'Signed out everywhere', description: res.message, variant: 'success' }),
    onError: (err) =>
      toast({
        title: 'Failed to sign out user',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <section
      aria-label="Sessions"
      className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Sign {fullName(user)} out on every device. The account stays as it is.
      </p>
      <Button
        type="button"
        variant="outline"
        className="shrink-0"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(user.id)}
      >
        {signOut.isPending ? 'Signing out…' : 'Sign out everywhere'}
      </Button>
    </section>
  );
}

/**
 * Two-step verification off for a user who lost their phone (decision 0024): asks once more, then every session
 * of the user ends; they sign in with the password alone and may set it up again.
 */
function ResetTwoStep({ user }: { user: AdminUser }) {
  const [confirming, setConfirming] = useState(false);
  // The account as it is now says whether two-step is on (the list does not carry it).
  const fresh = useUser(user.id);
  const on = fresh.data?.twoStepEnabled;
  const reset = useResetTwoStep({
    onSuccess: (res) => {
      setConfirming(false);
      toast({ title: 'Two-step verification turned off', description: res.message, variant: 'success' });
    },
    onError: (err) => {
      setConfirming(false);
      toast({
        title: 'Failed to turn off two-step verification',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  return (
    <section
      aria-label="Two-step verification"
      className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {on === false
          ? `Two-step verification is off for ${fullName(user)}.`
          : confirming
            ? `Turn off two-step verification for ${fullName(user)} and sign them out on every device? Only do this once you are sure it is them.`
            : `${on ? 'Two-step verification is on. ' : ''}Lost their phone? Turn off two-step verification for ${fullName(user)}.`}
      </p>
      {on !== false && (
        <div className="flex shrink-0 gap-2">
          {confirming && (
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          )}
          <Button
            type="button"
            variant={confirming ? 'destructive' : 'outline'}
            disabled={reset.isPending}
            onClick={() => (confirming ? reset.mutate(user.id) : setConfirming(true))}
          >
            {reset.isPending ? 'Turning off…' : confirming ? 'Turn off' : 'Turn off two-step'}
          </Button>
        </div>
      )}
    </section>
  );
}

function EditUserForm({
  listed,
  onClose,
  onAccessRevoked,
}: {
  listed: AdminUser;
  onClose: () => void;
  onAccessRevoked: () => void;
}) {
  // The account as it is now (another admin may have changed it since the list was read).
  const fresh = useUser(listed.id);
  useEffect(() => {
    if (fresh.isError) {
      toast({
        title: 'Failed to fetch user',
        description: errorMessage(fresh.error, 'Showing the details from the list instead.'),
        variant: 'destructive',
      });
    }
  }, [fresh.isError, fresh.error]);
  if (fresh.isLoading) return <LoadingState text="Loading user..." />;
  return (
    <EditUserFields
      key={fresh.dataUpdatedAt}
      user={fresh.data ?? listed}
      onClose={onClose}
      onAccessRevoked={onAccessRevoked}
    />
  );
}

function EditUserFields({
  user,
  onClose,
  onAccessRevoked,
}: {
  user: AdminUser;
  onClose: () => void;
  onAccessRevoked: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => formFrom(user));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const update = useUpdateUser({
    onSuccess: ({ wasDowngraded }) => {
      onClose();
      if (wasDowngraded) return onAccessRevoked();
      toast({ title: 'User updated successfully', variant: 'success' });
    },
    onError: (err) => {
      setErrors(parseApiError(err).fields);
      toast({
        title: 'Error updating user',
        description: errorMessage(err, 'Failed to update user information.'),
        variant: 'destructive',
      });
    },
  });

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`edit-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    update.mutate({
      id: user.id,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      role: form.role,
      ...(form.role === 'provider' ? { subscriptionPlan: form.subscriptionPlan } : {}),
      ...(form.role === 'admin'
        ? { adminExpiresAt: form.adminExpiresAt ? new Date(form.adminExpiresAt).toISOString() : null }
        : {}),
    });
  };

  const field = (key: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <div className="space-y-1.5">
      <Label htmlFor={`edit-${key}`}>{label}</Label>
      <Input
        id={`edit-${key}`}
        type={type}
        value={form[key]}
        autoComplete="off"
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `edit-${key}-error` : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
      {errors[key] && (
        <p id={`edit-${key}-error`} className="text-sm text-red-700 dark:text-red-400">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
      </div>
      {field('email', 'Email', 'email')}
      <div className="space-y-1.5">
        <Label htmlFor="edit-role">Role</Label>
        <select
          id="edit-role"
          className={cn(fieldClasses, 'h-10')}
          value={form.role}
          onChange={(e) => set('role', e.target.value as Role)}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </select>
      </div>
      {form.role === 'provider' && (
        <div className="space-y-1.5">
          <Label htmlFor="edit-subscriptionPlan">Subscription</Label>
          <select
            id="edit-subscriptionPlan"
            className={cn(fieldClasses, 'h-10')}
            value={form.subscriptionPlan}
            onChange={(e) => set('subscriptionPlan', e.target.value as ProviderPlan)}
          >
            {providerPlans.map((p) => (
              <option key={p} value={p}>
                {p[0]!.toUpperCase() + p.slice(1)}
              </option>
            ))}
          </select>
          {errors.subscriptionPlan && (
            <p className="text-sm text-red-700 dark:text-red-400">{errors.subscriptionPlan}</p>
          )}
        </div>
      )}
      {form.role === 'admin' && (
        <div className="space-y-1.5">
          <Label htmlFor="edit-adminExpiresAt">Admin privileges expire</Label>
          <div className="flex gap-2">
            <Input
              id="edit-adminExpiresAt"
              type="datetime-local"
              value={form.adminExpiresAt}
              aria-describedby="edit-adminExpiresAt-hint"
              onChange={(e) => set('adminExpiresAt', e.target.value)}
            />
            {form.adminExpiresAt && (
              <Button variant="ghost" onClick={() => set('adminExpiresAt', '')}>
                Clear
              </Button>
            )}
          </div>
          <p id="edit-adminExpiresAt-hint" className="text-xs text-slate-600 dark:text-slate-400">
            Leave empty for no expiry. After this moment the account acts as a customer.
          </p>
          {errors.adminExpiresAt && (
            <p className="text-sm text-red-700 dark:text-red-400">{errors.adminExpiresAt}</p>
          )}
        </div>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent
          title="Delete User"
          description={`Delete ${fullName(user)} (${user.email})? Choose how.`}
        >
          <DeleteUserBody key={user.id} user={user} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DeleteUserBody({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [mode, setMode] = useState<DeletionMode>('soft');
  const remove = useDeleteUser({
    onSuccess: () => {
      onClose();
      toast({ title: 'User deleted successfully', variant: 'success' });
    },
    onError: (err) =>
      toast({
        title: 'Error deleting user',
        description: errorMessage(err, 'Failed to delete user.'),
        variant: 'destructive',
      }),
  });
  return (
    <>
      <ModeChoice name="delete-user-mode" value={mode} onChange={setMode} />
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: user.id, mode })}
        >
          {remove.isPending ? 'Deleting…' : 'Delete User'}
        </Button>
      </div>
    </>
  );
}

export function DeletionPreviewDialog({
  items,
  pending,
  onClose,
  onConfirm,
}: {
  items: DeletionPreviewItem[] | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (userIds: string[], mode: DeletionMode) => void;
}) {
  return (
    <Dialog open={items !== null} onOpenChange={(open) => !open && onClose()}>
      {items && (
        <PreviewBody
          key={items.map((i) => i.userId).join()}
          items={items}
          pending={pending}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      )}
    </Dialog>
  );
}

function PreviewBody({
  items,
  pending,
  onClose,
  onConfirm,
}: {
  items: DeletionPreviewItem[];
  pending: boolean;
  onClose: () => void;
  onConfirm: (userIds: string[], mode: DeletionMode) => void;
}) {
  const [mode, setMode] = useState<DeletionMode>('soft');
  const deletable = items.filter((i) => i.canDelete);
  const protectedCount = items.length - deletable.length;
  return (
    <DialogContent
      title="Deletion Preview"
      className="max-w-3xl"
      description={`${deletable.length} of ${items.length} selected user(s) can be deleted.${
        protectedCount > 0 ? ` ${protectedCount} protected user(s) will be excluded.` : ''
      }`}
    >
      <TableBox label="Users to delete">
        <table className="w-full min-w-[36rem] border-collapse">
          <thead>
            <tr>
              <th scope="col" className={th}>
                User
              </th>
              <th scope="col" className={th}>
                Records
              </th>
              <th scope="col" className={th}>
                Messages
              </th>
              <th scope="col" className={th}>
                Estimates
              </th>
              <th scope="col" className={th}>
                Sessions
              </th>
              <th scope="col" className={th}>
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.userId} className={cn(!i.canDelete && 'text-slate-600 dark:text-slate-400')}>
                <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-normal')}>
                  {i.user ? (
                    <>
                      <span className="block font-medium">{fullName(i.user)}</span>
                      <span className="block whitespace-nowrap text-xs">{i.user.email}</span>
                    </>
                  ) : (
                    <span>Unknown user</span>
                  )}
                </th>
                <td className={td}>{i.totalRecords}</td>
                <td className={td}>{i.counts.messages}</td>
                <td className={td}>{i.counts.estimates}</td>
                <td className={td}>{i.counts.sessions}</td>
                <td className={td}>
                  {i.canDelete ? (
                    <span className="font-medium text-slate-900 dark:text-slate-100">Will be deleted</span>
                  ) : (
                    <span>
                      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                        Protected
                      </span>
                      {i.reason && <span className="mt-1 block text-xs">{i.reason}</span>}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <div className="mt-4">
        <ModeChoice name="bulk-delete-mode" value={mode} onChange={setMode} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={deletable.length === 0 || pending}
          onClick={() =>
            onConfirm(
              deletable.map((i) => i.userId),
              mode,
            )
          }
        >
          {pending ? 'Deleting…' : `Delete ${deletable.length} user(s)`}
        </Button>
      </div>
    </DialogContent>
  );
}

export function DeletionResultsDialog({
  results,
  onClose,
}: {
  results: { response: BulkDeleteResponse; preview: DeletionPreviewItem[] } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={results !== null} onOpenChange={(open) => !open && onClose()}>
      {results && (
        <DialogContent title="Deletion Results">
          <ResultsBody results={results} />
          <div className="mt-6 flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function ResultsBody({
  results: { response, preview },
}: {
  results: { response: BulkDeleteResponse; preview: DeletionPreviewItem[] };
}) {
  const who = (id: string) => {
    const item = preview.find((p) => p.userId === id);
    return item?.user ? `${fullName(item.user)} (${item.user.email})` : id;
  };
  return (
    <div>
      <p className="font-semibold text-slate-900 dark:text-white">
        {response.mode === 'hard' ? 'Hard' : 'Soft'} deletion completed
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {(['deleted', 'skipped', 'failed'] as const).map((k) => (
          <div key={k} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
              {k[0]!.toUpperCase() + k.slice(1)}
            </dt>
            <dd className="text-2xl font-bold">{response[k]}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 space-y-1 text-sm" aria-label="Each user">
        {response.results.map((r) => (
          <li key={r.userId}>
            <span className="font-medium">{who(r.userId)}</span>: {r.status}
            {r.reason ? ` (${r.reason})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

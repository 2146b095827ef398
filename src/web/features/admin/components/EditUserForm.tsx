// The Edit User form: names, email and role of an account, a provider's plan and an admin's expiry. It checks
// with the shared adminEditUserSchema (the server's rules and messages) and shows the server's field messages
// under their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import { adminEditUserSchema, type AdminUser } from '#domain/schemas/admin-api.schema';
import { roles, type Role } from '#domain/permissions';
import { providerPlanIds, providerPlans, toProviderPlan, type ProviderPlanId } from '#domain/plans';
import { Button } from '#web/components/ui/button.tsx';
import { fieldClasses, Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { useUpdateUser, type EditUserBody } from '../api/update-user.ts';
import { roleLabels } from './parts.tsx';

interface EditUserValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  subscriptionPlan: ProviderPlanId;
  /** A datetime-local value in the browser's time zone; empty for no expiry. */
  adminExpiresAt: string;
}

const fieldNames = [
  'firstName',
  'lastName',
  'email',
  'role',
  'subscriptionPlan',
  'adminExpiresAt',
] as const satisfies readonly (keyof EditUserValues)[];

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a datetime-local value in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant (an unreadable one is left for the schema to refuse). */
function fromLocalInput(local: string): string {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

function valuesOf(u: AdminUser): EditUserValues {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    subscriptionPlan: toProviderPlan(u.subscriptionPlan),
    adminExpiresAt: toLocalInput(u.adminExpiresAt),
  };
}

/** What is sent: the plan only for a provider, the expiry only for an admin (null clears it). */
function bodyOf(id: string, v: EditUserValues): EditUserBody {
  return {
    id,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    role: v.role,
    ...(v.role === 'provider' ? { subscriptionPlan: v.subscriptionPlan } : {}),
    ...(v.role === 'admin'
      ? { adminExpiresAt: v.adminExpiresAt ? fromLocalInput(v.adminExpiresAt) : null }
      : {}),
  };
}

const checkBody = zodResolver(adminEditUserSchema);

/** Checks the body the form would send with the shared schema; its messages land on the form's fields. */
function editUserResolver(id: string): Resolver<EditUserValues, unknown, EditUserBody> {
  return async (values, context, options) => {
    const result = await checkBody(bodyOf(id, values), context, options as never);
    return result as unknown as ResolverResult<EditUserValues, EditUserBody>;
  };
}

export function EditUserForm({
  user,
  onClose,
  onAccessRevoked,
}: {
  user: AdminUser;
  onClose: () => void;
  onAccessRevoked: () => void;
}) {
  const resolver = useMemo(() => editUserResolver(user.id), [user.id]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<EditUserValues, unknown, EditUserBody>({ resolver, defaultValues: valuesOf(user) });
  const role = useWatch({ control, name: 'role' });
  const adminExpiresAt = useWatch({ control, name: 'adminExpiresAt' });

  const update = useUpdateUser({
    onSuccess: ({ wasDowngraded }) => {
      onClose();
      if (wasDowngraded) return onAccessRevoked();
      toast({ title: 'User updated successfully', variant: 'success' });
    },
    onError: (err) => {
      showFieldErrors(err, fieldNames, setError);
      toast({
        title: 'Error updating user',
        description: errorMessage(err, 'Failed to update user information.'),
        variant: 'destructive',
      });
    },
  });

  const field = (key: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => {
    const error = errors[key]?.message;
    return (
      <div className="space-y-1.5">
        <Label htmlFor={`edit-${key}`}>{label}</Label>
        <Input
          id={`edit-${key}`}
          type={type}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `edit-${key}-error` : undefined}
          {...register(key)}
        />
        {error && (
          <p id={`edit-${key}-error`} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit((body) => update.mutate(body))} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
      </div>
      {field('email', 'Email', 'email')}
      <div className="space-y-1.5">
        <Label htmlFor="edit-role">Role</Label>
        <select id="edit-role" className={cn(fieldClasses, 'h-10')} {...register('role')}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </select>
      </div>
      {role === 'provider' && (
        <div className="space-y-1.5">
          <Label htmlFor="edit-subscriptionPlan">Subscription</Label>
          <select
            id="edit-subscriptionPlan"
            className={cn(fieldClasses, 'h-10')}
            {...register('subscriptionPlan')}
          >
            {providerPlanIds.map((p) => (
              <option key={p} value={p}>
                {providerPlans[p].name}
              </option>
            ))}
          </select>
          {errors.subscriptionPlan && (
            <p className="text-sm text-red-700 dark:text-red-400">{errors.subscriptionPlan.message}</p>
          )}
        </div>
      )}
      {role === 'admin' && (
        <div className="space-y-1.5">
          <Label htmlFor="edit-adminExpiresAt">Admin privileges expire</Label>
          <div className="flex gap-2">
            <Input
              id="edit-adminExpiresAt"
              type="datetime-local"
              aria-describedby="edit-adminExpiresAt-hint"
              {...register('adminExpiresAt')}
            />
            {adminExpiresAt && (
              <Button
                variant="ghost"
                onClick={() => {
                  setValue('adminExpiresAt', '', { shouldDirty: true });
                  clearErrors('adminExpiresAt');
                }}
              >
                Clear
              </Button>
            )}
          </div>
          <p id="edit-adminExpiresAt-hint" className="text-xs text-slate-600 dark:text-slate-400">
            Leave empty for no expiry. After this moment the account acts as a customer.
          </p>
          {errors.adminExpiresAt && (
            <p className="text-sm text-red-700 dark:text-red-400">{errors.adminExpiresAt.message}</p>
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

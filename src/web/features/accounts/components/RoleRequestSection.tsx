// Role change requests on /settings: ask for another role
// with a reason, then follow the request's history (pending, approved or denied, when it was reviewed and
// the admin's comment). One pending request at a time: while one waits, the form is replaced by a note.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { roles, type Role } from '#domain/permissions';
import {
  roleRequestFormSchema,
  type RoleRequestInput,
  type RoleRequestStatus,
} from '#domain/schemas/role-request.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { refreshSession } from '#web/features/auth/index.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { cn } from '#web/lib/cn.ts';
import { useCreateRoleRequest } from '../api/create-role-request.ts';
import { useRoleRequests, type RoleRequest } from '../api/get-role-requests.ts';
import { formatDate, REASON_MAX_LENGTH, roleLabels } from '../format.ts';
import { ROLE_REQUEST_FAILED, ROLE_REQUEST_SUBMITTED, ROLE_REQUESTS_FETCH_FAILED } from '../messages.ts';
import { formClasses, LoadError, LoadingState, Section } from './AccountScreen.tsx';

export function RoleRequestSection({ currentRole }: { currentRole: Role }) {
  const id = useId();
  const client = useQueryClient();
  const requests = useRoleRequests();
  const pending = requests.data?.find((r) => r.status === 'pending');
  // An approval changes the role: read the session again so the navigation and guards follow it.
  const approvedRole = latestApproved(requests.data)?.requestedRole;
  useEffect(() => {
    if (approvedRole && approvedRole !== currentRole) void refreshSession(client);
  }, [approvedRole, currentRole, client]);
  return (
    <Section
      id={`${id}-heading`}
      title="Change your role"
      description={
        <>
          You are signed in as <strong>{roleLabels[currentRole]}</strong>. An admin reviews every request.
        </>
      }
    >
      {requests.isPending ? (
        <LoadingState label="Loading your role requests" />
      ) : requests.isError ? (
        <LoadError message={ROLE_REQUESTS_FETCH_FAILED} onRetry={() => void requests.refetch()} />
      ) : (
        <div className="space-y-6">
          {pending ? (
            <Alert variant="info" title="Your request is waiting for review">
              You asked to become {article(pending.requestedRole)} {roleLabels[pending.requestedRole]} on{' '}
              {formatDate(pending.requestedAt)}. You can send another request once an admin has reviewed it.
            </Alert>
          ) : (
            <RoleRequestForm currentRole={currentRole} />
          )}
          <RoleRequestHistory requests={requests.data} />
        </div>
      )}
    </Section>
  );
}

function latestApproved(requests: readonly RoleRequest[] | undefined): RoleRequest | undefined {
  return requests
    ?.filter((r) => r.status === 'approved' && r.reviewedAt)
    .sort((a, b) => Date.parse(b.reviewedAt!) - Date.parse(a.reviewedAt!))[0];
}

const article = (role: Role) => (role === 'admin' ? 'an' : 'a');

type RoleRequestValues = { requestedRole: Role | undefined; reason: string };

function RoleRequestForm({ currentRole }: { currentRole: Role }) {
  const id = useId();
  const schema = useMemo(() => roleRequestFormSchema(currentRole), [currentRole]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<RoleRequestValues, unknown, RoleRequestInput>({
    // The form starts with no role chosen, which the schema's input type does not allow.
    resolver: zodResolver(schema) as unknown as Resolver<RoleRequestValues, unknown, RoleRequestInput>,
    defaultValues: { requestedRole: undefined, reason: '' },
  });
  const chosen = useWatch({ control, name: 'requestedRole' });
  const mutation = useCreateRoleRequest({
    onSuccess: () => {
      reset({ requestedRole: undefined, reason: '' });
      toast({ title: 'Request submitted', description: ROLE_REQUEST_SUBMITTED, variant: 'success' });
    },
    onError: (err) => {
      showFieldErrors(err, ['requestedRole', 'reason'], setError);
      toast({
        title: ROLE_REQUEST_FAILED,
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const roleId = `${id}-role`;
  const reasonId = `${id}-reason`;
  const roleError = errors.requestedRole?.message;
  // Both fields share ROLE_REQUEST_MESSAGE; say it once.
  const reasonError = errors.reason?.message !== roleError ? errors.reason?.message : undefined;
  const options = roles.filter((r) => r !== currentRole);

  return (
    <form noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} className={formClasses}>
      <fieldset aria-describedby={roleError ? fieldErrorId(roleId) : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          Requested role
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {options.map((r) => (
            <label
              key={r}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 dark:has-[:focus-visible]:ring-blue-400',
                chosen === r
                  ? 'border-blue-700 bg-blue-50 dark:border-blue-400 dark:bg-blue-950'
                  : 'border-slate-300 hover:border-slate-400 dark:border-slate-600',
                roleError && 'border-red-600',
              )}
            >
              <input
                type="radio"
                value={r}
                aria-invalid={roleError ? true : undefined}
                className="h-4 w-4 accent-blue-700"
                {...register('requestedRole')}
              />
              <span className="font-medium">{roleLabels[r]}</span>
            </label>
          ))}
        </div>
        <FieldError id={roleId} message={roleError} />
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={reasonId}>Reason</Label>
        <Textarea
          id={reasonId}
          rows={3}
          maxLength={REASON_MAX_LENGTH}
          placeholder="Tell the admin why you need this role."
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={
            reasonError ? fieldErrorId(reasonId) : roleError ? fieldErrorId(roleId) : undefined
          }
          {...register('reason')}
        />
        <FieldError id={reasonId} message={reasonError} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending ? 'Submitting…' : 'Submit request'}
        </Button>
      </div>
    </form>
  );
}

const badgeTone: Readonly<Record<RoleRequestStatus, string>> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  denied: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function StatusBadge({ status }: { status: RoleRequestStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize',
        badgeTone[status],
      )}
    >
      {status}
    </span>
  );
}

function RoleRequestHistory({ requests }: { requests: readonly RoleRequest[] }) {
  const id = useId();
  return (
    <div>
      <h3 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
        Request history
      </h3>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          You have not requested a role change yet.
        </p>
      ) : (
        <ul aria-labelledby={id} className="mt-3 space-y-3">
          {requests.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-700">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900 dark:text-white">
                  {roleLabels[r.requestedRole]}
                </span>
                <StatusBadge status={r.status} />
              </div>
              <p className="mt-1 text-slate-600 dark:text-slate-400">Requested {formatDate(r.requestedAt)}</p>
              <p className="mt-2 break-words whitespace-pre-line text-slate-800 dark:text-slate-200">
                {r.reason}
              </p>
              {r.reviewedAt && (
                <p className="mt-2 text-slate-600 dark:text-slate-400">Reviewed {formatDate(r.reviewedAt)}</p>
              )}
              {r.adminComment && (
                <p className="mt-1 break-words text-slate-800 dark:text-slate-200">
                  <span className="font-medium">Admin comment:</span> {r.adminComment}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

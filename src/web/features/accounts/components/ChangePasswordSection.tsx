// Changing the password on /settings (docs/security.md): the current password, a new one of 8 to 128 characters
// and its confirmation. The server checks the current one and refuses common passwords (its field messages show
// under the fields); on success the other devices are signed out and this one stays signed in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordFormSchema } from '#domain/schemas/auth.schema';
import { Button } from '#web/components/ui/button.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { formClasses, Section } from './AccountScreen.tsx';

type Values = z.input<typeof changePasswordFormSchema>;

export const PASSWORD_CHANGED = 'Password changed';
export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordSection() {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: empty });
  const mutation = useChangePassword({
    onSuccess: (res) => {
      reset(empty);
      toast({ title: PASSWORD_CHANGED, description: res.message, variant: 'success' });
    },
    onError: (err) => {
      showFieldErrors(err, ['currentPassword', 'newPassword'], setError, { shouldFocus: true });
      toast({
        title: PASSWORD_CHANGE_FAILED,
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  return (
    <Section
      id={`${id}-heading`}
      title="Change password"
      description="At least 8 characters. Your other devices will be signed out; this one stays signed in."
    >
      <form
        noValidate
        className={formClasses}
        onSubmit={handleSubmit((v) =>
          mutation.mutate({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
        )}
      >
        <InputField
          id={`${id}-current`}
          label="Current password"
          error={errors.currentPassword?.message}
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
        />
        <InputField
          id={`${id}-new`}
          label="New password"
          error={errors.newPassword?.message}
          type="password"
          autoComplete="new-password"
          {...register('newPassword')}
        />
        <InputField
          id={`${id}-confirm`}
          label="Confirm new password"
          error={errors.confirmPassword?.message}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
        <div className="flex justify-end">
          <Button type="submit" className="w-full sm:w-auto" disabled={mutation.isPending}>
            {mutation.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

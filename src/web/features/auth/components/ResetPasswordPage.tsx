import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'wouter';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '#domain/schemas/auth.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './AuthCard.tsx';

type ResetValues = z.input<typeof resetPasswordFormSchema>;

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useResetPassword({
    onError: (err) =>
      toast({
        title: 'Failed to reset password',
        description: errorMessage(err, 'The link may have expired. Please request a new one.'),
        variant: 'destructive',
      }),
  });

  if (!token) {
    return (
      <AuthCard title="Invalid Reset Link.">
        <p className="text-slate-700 dark:text-slate-300">
          This password reset link is missing its token. Request a new link to reset your password.
        </p>
        <Button asChild className="mt-6">
          <Link href={paths.forgotPassword}>Request a new link</Link>
        </Button>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password reset">
        <Alert variant="success">
          Your password has been reset. You can now log in with your new password.
        </Alert>
        <Button asChild className="mt-6">
          <Link href={paths.login}>Go to log in</Link>
        </Button>
      </AuthCard>
    );
  }

  const pwId = `${id}-password`;
  const confirmId = `${id}-confirm`;
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
    >
      <form
        noValidate
        onSubmit={handleSubmit((v) => mutation.mutate({ token: token ?? '', password: v.password }))}
        className="space-y-4"
      >
        {mutation.isError && (
          <Alert variant="destructive">
            {errorMessage(mutation.error, 'Failed to reset password')}{' '}
            <Link href={paths.forgotPassword} className="font-medium underline">
              Request a new link
            </Link>
          </Alert>
        )}
        <InputField
          id={pwId}
          label="New password"
          error={errors.password?.message}
          type="password"
          autoComplete="new-password"
          {...register('password')}
        />
        <InputField
          id={confirmId}
          label="Confirm new password"
          error={errors.confirmPassword?.message}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Resetting…' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}

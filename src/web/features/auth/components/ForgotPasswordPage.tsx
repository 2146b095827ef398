import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { forgotPasswordSchema } from '#domain/schemas/auth.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from './AuthCard.tsx';

export function ForgotPasswordPage() {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const mutation = useRequestPasswordReset({
    onSuccess: (_res, body) => setSentTo(body.email),
    onError: (err) =>
      toast({
        title: 'Failed to send reset email',
        description: errorMessage(err, 'Please try again in a moment.'),
        variant: 'destructive',
      }),
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Alert variant="success">
          If an account exists for <strong>{sentTo}</strong>, we've sent a link to reset your password. The
          link expires in 60 minutes.
        </Alert>
        <Button asChild variant="outline" className="mt-6">
          <Link href={paths.login}>Back to log in</Link>
        </Button>
      </AuthCard>
    );
  }

  const emailId = `${id}-email`;
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to reset it."
    >
      <form
        noValidate
        onSubmit={handleSubmit((v) => mutation.mutate({ email: v.email }))}
        className="space-y-4"
      >
        <InputField
          id={emailId}
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href={paths.login} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}

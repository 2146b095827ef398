import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { resendVerificationSchema } from '#domain/schemas/auth.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { MailIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '../api/get-session.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { cooldownRemainingMs, formatCountdown, readSentAt, storeSentAt } from '../resend-cooldown.ts';
import { AuthCard } from './AuthCard.tsx';

function useCooldown() {
  const [sentAt, setSentAt] = useState<number | null>(() => readSentAt());
  const [now, setNow] = useState(() => Date.now());
  const remaining = cooldownRemainingMs(sentAt, now);
  const active = remaining > 0;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  const start = () => {
    const at = Date.now();
    storeSentAt(at);
    setSentAt(at);
    setNow(at);
  };
  return { remaining, start };
}

export function EmailNotVerifiedPage() {
  const { user, isLoading } = useAuth();
  const id = useId();
  const { remaining, start } = useCooldown();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof resendVerificationSchema>>({
    resolver: zodResolver(resendVerificationSchema),
    values: { email: user?.email ?? '' },
  });

  const mutation = useResendVerification({
    onSuccess: (res) => {
      start();
      const text = res?.message || 'A new verification link is on its way.';
      setNotice({ ok: true, text });
      toast({ title: 'Check your inbox', description: text, variant: 'success' });
    },
    onError: (err) => {
      const text = errorMessage(err, 'Failed to resend verification email.');
      setNotice({ ok: false, text });
      toast({ title: 'Failed to Send Email.', description: text, variant: 'destructive' });
    },
  });

  if (user?.emailVerified) {
    return (
      <AuthCard title="Your email is verified">
        <p className="text-slate-700 dark:text-slate-300">
          You're all set. Head to your dashboard to get started.
        </p>
        <Button asChild className="mt-6">
          <Link href={paths.dashboard}>Go to Dashboard</Link>
        </Button>
      </AuthCard>
    );
  }

  const emailId = `${id}-email`;
  const waiting = remaining > 0;

  return (
    <AuthCard title="Verify your email address">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
          <MailIcon className="h-5 w-5" />
        </span>
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <p>
            We sent a verification link to{' '}
            {user ? (
              <strong className="text-slate-900 dark:text-white">{user.email}</strong>
            ) : (
              'your email address'
            )}
            . Open it to confirm your address and unlock your account.
          </p>
          <p>The link expires in 24 hours. Can't find it? Check your spam folder, or send a new one below.</p>
        </div>
      </div>

      <form
        noValidate
        className="mt-6 space-y-4"
        onSubmit={handleSubmit((v) => {
          if (!waiting) mutation.mutate({ email: v.email });
        })}
      >
        {!user && !isLoading && (
          <InputField
            id={emailId}
            label="Email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            {...register('email')}
          />
        )}
        {notice && <Alert variant={notice.ok ? 'success' : 'destructive'}>{notice.text}</Alert>}
        <Button type="submit" className="w-full" disabled={waiting || mutation.isPending || isLoading}>
          {mutation.isPending
            ? 'Sending…'
            : waiting
              ? `Resend available in ${formatCountdown(remaining)}`
              : 'Resend verification email'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        Wrong address?{' '}
        <Link href={paths.signup} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          Sign up again
        </Link>{' '}
        or{' '}
        <Link href={paths.login} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          log in
        </Link>
        .
      </p>
    </AuthCard>
  );
}

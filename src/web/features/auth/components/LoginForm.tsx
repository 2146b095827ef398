import { lazy, Suspense, useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link } from 'wouter';
import type { TwoStepRequired } from '#domain/schemas/two-step.schema';
import type { PublicUser } from '#domain/schemas/user.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, isNetworkError } from '#web/lib/api-client.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { paths } from '#web/lib/paths.ts';
import { needsSecondStep, useLogin, type LoginBody } from '../api/login.ts';

// The second step is for the few accounts with two-step verification on: loaded only when one needs it.
const TwoStepLoginStep = lazy(async () => ({
  default: (await import('./TwoStepLoginStep.tsx')).TwoStepLoginStep,
}));

// The shared login schema (src/domain) checks the fields; it loads with zod when the form is first used.
const validation = lazyZodResolver<LoginBody>(
  async () => (await import('#domain/schemas/auth.schema')).loginSchema,
);

/** The schema, except that an empty field says it is required (as on the sign-up form), not that it is malformed. */
const loginResolver: Resolver<LoginBody> = async (values, context, options) => {
  const result = await validation.resolver(values, context, options);
  const errors = { ...result.errors };
  if (!values.email.trim()) errors.email = { type: 'required', message: 'Email is required' };
  if (!values.password) errors.password = { type: 'required', message: 'Password is required' };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : result;
};

export interface LoginFormProps {
  onSuccess: (user: PublicUser) => void;
  /** Called when the user follows a link away (e.g. to close a dialog). */
  onNavigate?: () => void;
}

export function LoginForm({ onSuccess, onNavigate }: LoginFormProps) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  // Two-step verification on (decision 0024): the password was right, the code is still due.
  const [secondStep, setSecondStep] = useState<TwoStepRequired | null>(null);
  const {
    register,
    handleSubmit,
    control,
    resetField,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const mutation = useLogin({
    onSuccess: (answer) => {
      setFailure(null);
      if (needsSecondStep(answer)) {
        setSecondStep(answer);
        return;
      }
      const user = answer;
      toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' });
      onSuccess(user);
    },
    onError: (err) => {
      setFailure(isNetworkError(err) ? 'Login error' : errorMessage(err, 'Login failed'));
      toast({
        title: 'Login failed',
        description: errorMessage(err, 'An error occurred during login'),
        variant: 'destructive',
      });
    },
  });

  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const rememberId = `${id}-remember`;

  if (secondStep) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <TwoStepLoginStep
          challenge={secondStep}
          onSuccess={onSuccess}
          onRestart={() => {
            resetField('password');
            setSecondStep(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form
      noValidate
      onFocus={validation.preload}
      onSubmit={handleSubmit((v) => mutation.mutate(v))}
      className="space-y-4"
    >
      {(failure ?? errors.root?.message) && (
        <Alert variant="destructive">{failure ?? errors.root?.message}</Alert>
      )}
      <InputField
        id={emailId}
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      <InputField
        id={passwordId}
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...register('password')}
      />
      <div className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <Controller
            control={control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id={rememberId}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor={rememberId}>Remember me</Label>
        </div>
        <Link
          href={paths.forgotPassword}
          onClick={onNavigate}
          className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-300"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Logging in…' : 'Log In'}
      </Button>
    </form>
  );
}

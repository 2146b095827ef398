// The second step of signing in to an account with two-step verification on (decision 0024): a 6-digit code from
// the authenticator app, or one of the recovery codes. The challenge from the first step travels with it; when it
// has expired (5 minutes) or had 5 wrong codes, the user goes back to the password.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  normalizeRecoveryCode,
  normalizeTotpCode,
  recoveryCodeProblem,
  totpCodeProblem,
} from '#domain/two-step';
import type { TwoStepRequired } from '#domain/schemas/two-step.schema';
import type { PublicUser } from '#domain/schemas/user.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, focusRing } from '#web/components/ui/button.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, isNetworkError, parseApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useLoginTwoStep } from '../api/login-two-step.ts';

export const SECOND_STEP_TITLE = 'Two-step verification';
export const CODE_PROMPT = 'Enter the 6-digit code from your authenticator app.';
export const RECOVERY_PROMPT =
  'Enter one of the recovery codes you saved when you turned on two-step verification.';

const linkClasses = cn(
  'rounded-sm text-left text-sm font-medium text-blue-700 hover:underline disabled:opacity-60 dark:text-blue-300',
  focusRing,
);

export interface TwoStepLoginStepProps {
  challenge: TwoStepRequired;
  onSuccess: (user: PublicUser) => void;
  /** Back to the email and password (also when the challenge has expired). */
  onRestart: () => void;
}

export function TwoStepLoginStep({ challenge, onSuccess, onRestart }: TwoStepLoginStepProps) {
  const id = useId();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The field takes the focus when the step appears and when the user switches between the two kinds of code.
  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const mutation = useLoginTwoStep({
    onSuccess: (user) => {
      toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' });
      onSuccess(user);
    },
    onError: (err) => {
      const parsed = parseApiError(err);
      if (parsed.fields.challenge) {
        setExpired(true);
        setFailure(parsed.fields.challenge);
        return;
      }
      const forField = parsed.fields.code ?? parsed.fields.recoveryCode;
      if (forField) {
        setFailure(null);
        setFieldError(forField);
        setValue('');
        input.current?.focus();
        return;
      }
      setFailure(isNetworkError(err) ? 'Login error' : errorMessage(err, 'Login failed'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (expired) return;
    const problem = mode === 'code' ? totpCodeProblem(value) : recoveryCodeProblem(value);
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    mutation.mutate(
      mode === 'code'
        ? { challenge: challenge.challenge, code: normalizeTotpCode(value) }
        : { challenge: challenge.challenge, recoveryCode: normalizeRecoveryCode(value) },
    );
  }

  function switchMode() {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setFieldError(null);
    setFailure(null);
  }

  const inputId = `${id}-${mode}`;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
          {SECOND_STEP_TITLE}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {mode === 'code' ? CODE_PROMPT : RECOVERY_PROMPT}
        </p>
      </div>
      {failure && (
        <Alert variant="destructive">
          {failure}
          {expired && (
            <div className="mt-3">
              <Button type="button" variant="outline" size="sm" onClick={onRestart}>
                Sign in again
              </Button>
            </div>
          )}
        </Alert>
      )}
      {mode === 'code' ? (
        <InputField
          key="code"
          ref={input}
          id={inputId}
          label="Authentication code"
          error={fieldError ?? undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          placeholder="123456"
          disabled={expired}
          className="font-mono tracking-widest"
        />
      ) : (
        <InputField
          key="recovery"
          ref={input}
          id={inputId}
          label="Recovery code"
          error={fieldError ?? undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          placeholder="abcde-23456"
          disabled={expired}
          className="font-mono"
        />
      )}
      <Button type="submit" className="w-full" disabled={mutation.isPending || expired}>
        {mutation.isPending ? 'Verifying…' : 'Verify'}
      </Button>
      <div className="flex flex-col items-start gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
        <button type="button" className={linkClasses} onClick={switchMode} disabled={expired}>
          {mode === 'code' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
        </button>
        <button type="button" className={linkClasses} onClick={onRestart}>
          Back to email and password
        </button>
      </div>
    </form>
  );
}

// Two-step verification on /settings (decision 0024): whether it is on, setting it up (a QR code and the key for
// manual entry, confirmed with a code from the app and the password), the recovery codes shown once (copy,
// download), new recovery codes, and turning it off (the password and a code or a recovery code). Set-up needs a
// verified email address (decision 0006): until then the section says so and points to a new verification link.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  RECOVERY_CODE_COUNT,
  TWO_STEP_NEEDS_VERIFIED_EMAIL_MESSAGE,
  isTotpCode,
  normalizeRecoveryCode,
  normalizeTotpCode,
  recoveryCodeProblem,
  totpCodeProblem,
} from '#domain/two-step';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import {
  useDisableTwoStep,
  useEnableTwoStep,
  useRegenerateRecoveryCodes,
  useStartTwoStepSetup,
  useTwoStep,
  type TwoStepConfirmInput,
  type TwoStepSetup,
  type TwoStepStatus,
} from '../api/two-step.ts';
import { formatDate } from '../format.ts';
import { LoadError, LoadingState, Section, formClasses } from './AccountScreen.tsx';

export const TWO_STEP_TITLE = 'Two-step verification';
/** The section's anchor: /settings#two-step opens the page at it (the admin tools link here, decision 0028). */
export const TWO_STEP_ANCHOR = 'two-step';
export const TWO_STEP_LOAD_FAILED = 'Failed to load two-step verification';
const DESCRIPTION =
  'Sign in with your password and a 6-digit code from an authenticator app on your phone, so a stolen password alone cannot open your account.';

/** Copies to the clipboard and says whether it worked. */
async function copyText(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done, variant: 'success' });
  } catch {
    toast({ title: 'Could not copy', description: 'Select the text and copy it.', variant: 'destructive' });
  }
}

/** The key in groups of four, easier to type into an app. */
const groupKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type Panel =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[]; fresh: 'enabled' | 'regenerated' }
  | { kind: 'confirm'; action: 'disable' | 'regenerate' };

type FieldErrors = { code?: string | undefined; password?: string | undefined };

/** The code and password fields of a two-step form: their values, their errors, and the focus on errors. */
function useCodeAndPassword(order: readonly (keyof FieldErrors)[]) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const codeInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  /** Shows these errors and focuses the first field in error, in the form's order; whether there was one. */
  function showErrors(next: FieldErrors): boolean {
    setErrors(next);
    const first = order.find((field) => next[field]);
    if (first) (first === 'code' ? codeInput : passwordInput).current?.focus();
    return first !== undefined;
  }
  return { code, setCode, password, setPassword, errors, showErrors, codeInput, passwordInput };
}

export function TwoStepSection() {
  const id = useId();
  const { user } = useAuth();
  const status = useTwoStep();
  const [panel, setPanel] = useState<Panel>({ kind: 'idle' });
  const anchor = useRef<HTMLDivElement>(null);
  const arrived = useRef(false);
  const loaded = !status.isPending;
  // Opened as /settings#two-step: once the section has its content, bring it into view and move focus to it.
  useEffect(() => {
    if (!loaded || arrived.current || window.location.hash !== `#${TWO_STEP_ANCHOR}`) return;
    arrived.current = true;
    anchor.current?.scrollIntoView?.({ block: 'start' });
    anchor.current?.focus({ preventScroll: true });
  }, [loaded]);

  return (
    <div id={TWO_STEP_ANCHOR} ref={anchor} tabIndex={-1} className="scroll-mt-28 focus:outline-none">
      <Section id={`${id}-heading`} title={TWO_STEP_TITLE} description={DESCRIPTION}>
        {status.isPending ? (
          <LoadingState label="Loading two-step verification" />
        ) : status.isError ? (
          <LoadError message={TWO_STEP_LOAD_FAILED} onRetry={() => void status.refetch()} />
        ) : panel.kind === 'codes' ? (
          <RecoveryCodes codes={panel.codes} fresh={panel.fresh} onDone={() => setPanel({ kind: 'idle' })} />
        ) : panel.kind === 'setup' ? (
          <SetupPanel
            setup={panel.setup}
            onEnabled={(codes) => setPanel({ kind: 'codes', codes, fresh: 'enabled' })}
            onCancel={() => setPanel({ kind: 'idle' })}
          />
        ) : status.data.enabled ? (
          <EnabledPanel
            status={status.data}
            confirming={panel.kind === 'confirm' ? panel.action : null}
            onConfirm={(action) => setPanel(action ? { kind: 'confirm', action } : { kind: 'idle' })}
            onRegenerated={(codes) => setPanel({ kind: 'codes', codes, fresh: 'regenerated' })}
            onDisabled={() => setPanel({ kind: 'idle' })}
          />
        ) : user?.emailVerified === false ? (
          <UnverifiedPanel />
        ) : (
          <OffPanel onStarted={(setup) => setPanel({ kind: 'setup', setup })} />
        )}
      </Section>
    </div>
  );
}

function StatusLine({ on, children }: { on: boolean; children?: React.ReactNode }) {
  return (
    <p className="text-sm text-slate-800 dark:text-slate-200">
      <span
        className={
          on
            ? 'mr-2 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-900/40 dark:text-green-200'
            : 'mr-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200'
        }
      >
        {on ? 'On' : 'Off'}
      </span>
      {children}
    </p>
  );
}

/** Two-step is set up only once the address is proven (the server refuses it before): say so, and how. */
function UnverifiedPanel() {
  return (
    <div className="space-y-4">
      <StatusLine on={false}>Only your password protects your account.</StatusLine>
      <Alert variant="warning" role="note">
        {TWO_STEP_NEEDS_VERIFIED_EMAIL_MESSAGE}
      </Alert>
      <Button asChild variant="outline" className="w-full sm:w-auto">
        <Link href={paths.emailNotVerified}>Send a new verification link</Link>
      </Button>
    </div>
  );
}

function OffPanel({ onStarted }: { onStarted: (setup: TwoStepSetup) => void }) {
  const start = useStartTwoStepSetup({
    onSuccess: onStarted,
    onError: (err) =>
      toast({
        title: 'Could not start the set-up',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <div className="space-y-4">
      <StatusLine on={false}>Only your password protects your account.</StatusLine>
      <Button className="w-full sm:w-auto" disabled={start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? 'Starting…' : 'Set up two-step verification'}
      </Button>
    </div>
  );
}

function SetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoStepSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { code, setCode, password, setPassword, errors, showErrors, codeInput, passwordInput } =
    useCodeAndPassword(['code', 'password']);
  const enable = useEnableTwoStep({
    onSuccess: (res) => {
      toast({ title: 'Two-step verification is on', description: res.message, variant: 'success' });
      onEnabled(res.recoveryCodes);
    },
    onError: (err) => {
      const parsed = parseApiError(err);
      showErrors({ code: parsed.fields.code, password: parsed.fields.password });
      toast({
        title: 'Two-step verification was not turned on',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
      // The set-up expired (or two-step is already on elsewhere): back to the status, to start again.
      if (parsed.status === 409) onCancel();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      code: totpCodeProblem(code) ?? undefined,
      password: password ? undefined : 'Please enter your current password',
    };
    if (showErrors(problems)) return;
    enable.mutate({ code: normalizeTotpCode(code), password });
  }

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-800 dark:text-slate-200">
        <li>
          <p>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password,
            Authy…) and scan this QR code.
          </p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code to scan with your authenticator app"
            width={200}
            height={200}
            className="mt-3 rounded-md border border-slate-200 bg-white p-1 dark:border-slate-600"
          />
          <p className="mt-3">Can&apos;t scan it? Enter this key in the app instead (time-based):</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
              data-testid="two-step-secret"
              className="inline-block rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            >
              {groupKey(setup.secret)}
            </code>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void copyText(setup.secret, 'Key copied')}
            >
              Copy key
            </Button>
          </div>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows, and your password, to turn it on.</p>
        </li>
      </ol>
      <form noValidate className={formClasses} onSubmit={submit}>
        <InputField
          ref={codeInput}
          id={`${id}-code`}
          label="6-digit code from the app"
          error={errors.code}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          className="font-mono tracking-widest"
        />
        <InputField
          ref={passwordInput}
          id={`${id}-password`}
          label="Your password"
          error={errors.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending ? 'Turning on…' : 'Turn on two-step verification'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({
  codes,
  fresh,
  onDone,
}: {
  codes: string[];
  fresh: 'enabled' | 'regenerated';
  onDone: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `HomeFix recovery codes\nEach code works once. Keep them somewhere safe.\n\n${codes.join('\n')}\n`;

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'homefix-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4">
      <h3
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-slate-900 dark:text-white"
      >
        {fresh === 'enabled'
          ? 'Two-step verification is on. Save your recovery codes'
          : 'Your new recovery codes'}
      </h3>
      <Alert variant="warning" role="note">
        If you lose your phone, a recovery code lets you sign in. Each code works once. They are shown only
        now: copy or download them and keep them somewhere safe.
        {fresh === 'regenerated' && ' Your old codes no longer work.'}
      </Alert>
      <ol
        aria-labelledby={`${id}-title`}
        className="grid grid-cols-1 gap-2 rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" variant="outline" onClick={() => void copyText(text, 'Recovery codes copied')}>
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download codes
        </Button>
        <Button type="button" className="sm:ml-auto" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}

function EnabledPanel({
  status,
  confirming,
  onConfirm,
  onRegenerated,
  onDisabled,
}: {
  status: TwoStepStatus;
  confirming: 'disable' | 'regenerate' | null;
  onConfirm: (action: 'disable' | 'regenerate' | null) => void;
  onRegenerated: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const left = status.recoveryCodesLeft;
  return (
    <div className="space-y-4">
      <StatusLine on>
        Since {formatDate(status.enabledAt)}. {left} of {RECOVERY_CODE_COUNT} recovery codes left.
      </StatusLine>
      {left <= 3 && (
        <Alert variant="warning">
          {left === 0 ? 'You have no recovery codes left.' : `Only ${left} recovery codes left.`} Get new ones
          so you can still sign in if you lose your phone.
        </Alert>
      )}
      {confirming ? (
        <ConfirmForm
          key={confirming}
          action={confirming}
          onCancel={() => onConfirm(null)}
          onRegenerated={onRegenerated}
          onDisabled={onDisabled}
        />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="button" variant="outline" onClick={() => onConfirm('regenerate')}>
            Get new recovery codes
          </Button>
          <Button type="button" variant="destructive" onClick={() => onConfirm('disable')}>
            Turn off two-step verification
          </Button>
        </div>
      )}
    </div>
  );
}

/** The password and a code from the app (6 digits) or a recovery code (anything else), in one field. */
function ConfirmForm({
  action,
  onCancel,
  onRegenerated,
  onDisabled,
}: {
  action: 'disable' | 'regenerate';
  onCancel: () => void;
  onRegenerated: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const id = useId();
  const { code, setCode, password, setPassword, errors, showErrors, codeInput, passwordInput } =
    useCodeAndPassword(['password', 'code']);
  useEffect(() => passwordInput.current?.focus(), [passwordInput]);

  const onError = (err: Error) => {
    const parsed = parseApiError(err);
    showErrors({ code: parsed.fields.code ?? parsed.fields.recoveryCode, password: parsed.fields.password });
    toast({
      title: action === 'disable' ? 'Two-step verification is still on' : 'No new recovery codes',
      description: errorMessage(err, 'Please try again.'),
      variant: 'destructive',
    });
  };
  const disable = useDisableTwoStep({
    onSuccess: (res) => {
      toast({ title: 'Two-step verification is off', description: res.message, variant: 'success' });
      onDisabled();
    },
    onError,
  });
  const regenerate = useRegenerateRecoveryCodes({
    onSuccess: (res) => onRegenerated(res.recoveryCodes),
    onError,
  });
  const pending = disable.isPending || regenerate.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const typedCode = normalizeTotpCode(code);
    const asTotp = isTotpCode(typedCode);
    const codeError = asTotp ? null : typedCode ? recoveryCodeProblem(code) : totpCodeProblem(code);
    const problems = {
      password: password ? undefined : 'Please enter your current password',
      code: codeError ?? undefined,
    };
    if (showErrors(problems)) return;
    const body: TwoStepConfirmInput = asTotp
      ? { password, code: typedCode }
      : { password, recoveryCode: normalizeRecoveryCode(code) };
    if (action === 'disable') disable.mutate(body);
    else regenerate.mutate(body);
  }

  return (
    <form noValidate className={formClasses} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="text-sm font-medium text-slate-900 dark:text-white">
        {action === 'disable'
          ? 'To turn off two-step verification, confirm it is you. Your other devices will be signed out.'
          : 'To get new recovery codes, confirm it is you. Your old codes will stop working.'}
      </p>
      <InputField
        ref={passwordInput}
        id={`${id}-password`}
        label="Your password"
        error={errors.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <InputField
        ref={codeInput}
        id={`${id}-code`}
        label="Code from your authenticator app, or a recovery code"
        error={errors.code}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        className="font-mono"
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={action === 'disable' ? 'destructive' : 'primary'} disabled={pending}>
          {action === 'disable'
            ? pending
              ? 'Turning off…'
              : 'Turn off two-step verification'
            : pending
              ? 'Getting codes…'
              : 'Get new recovery codes'}
        </Button>
      </div>
    </form>
  );
}

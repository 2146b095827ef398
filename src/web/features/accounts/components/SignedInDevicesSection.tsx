// "Where you're signed in" on /settings (ASVS 7.5.2; decision 0025): every browser signed in to the account, this
// one first with a badge; each can be signed out after a confirmation with the password, or every one but this one
// at once. Signing out this device here is signing out (no password): the session is cleared and the login page
// shown.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { sessionMessages, signOutOthersBodySchema } from '#domain/schemas/session.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { MonitorIcon, PhoneIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { setSessionUser } from '#web/features/auth/index.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import {
  useEndSession,
  useSignedInSessions,
  useSignOutOtherSessions,
  type SignedInSession,
} from '../api/signed-in-sessions.ts';
import { absoluteTime, relativeTime, signedInText } from '../session-times.ts';
import { LoadError, LoadingState, Section } from './AccountScreen.tsx';

export const SIGNED_IN_TITLE = "Where you're signed in";
export const SESSIONS_FETCH_FAILED = 'Failed to load where you are signed in';
export const SIGN_OUT_FAILED = 'Failed to sign out';
export const NOWHERE_ELSE = "You're not signed in anywhere else.";
/** The schema's own message for an empty password. */
const reauthMissing = signOutOthersBodySchema.shape.password.safeParse('').error?.issues[0]?.message;

/** What the confirmation dialog is about: one session (maybe this one) or every other one. */
type Target = { kind: 'one'; session: SignedInSession } | { kind: 'others'; count: number };

export function SignedInDevicesSection() {
  const id = useId();
  const query = useSignedInSessions();
  const [target, setTarget] = useState<Target | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** Set when the dialog closes because its row is gone: focus goes to the list, not to a removed button. */
  const ended = useRef(false);
  /** The button that opened the dialog: focus goes back to it when the dialog is cancelled. */
  const opener = useRef<HTMLElement | null>(null);
  const client = useQueryClient();
  const [, navigate] = useLocation();

  const close = (didEnd: boolean) => {
    ended.current = didEnd;
    setTarget(null);
  };

  const endOne = useEndSession({
    onSuccess: (res) => {
      close(true);
      toast({ title: 'Signed out', description: res.message, variant: 'success' });
      if (res.signedOut) {
        // This browser is signed out now: leave the signed-in screens, then forget the session.
        navigate(paths.login, { replace: true });
        setSessionUser(client, null);
        client.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth/session' });
      }
    },
    onError: (err) => {
      if (parseApiError(err).status === 404) {
        close(true);
        toast({ title: sessionMessages.notFound, description: 'The list has been updated.' });
      }
    },
  });
  const endOthers = useSignOutOtherSessions({
    onSuccess: (res) => {
      close(true);
      toast({ title: 'Signed out', description: res.message, variant: 'success' });
    },
  });
  const pending = endOne.isPending || endOthers.isPending;
  const failed = target?.kind === 'others' ? endOthers.error : target ? endOne.error : null;

  const open = (next: Target) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    endOne.reset();
    endOthers.reset();
    setTarget(next);
  };

  return (
    <Section
      id={`${id}-heading`}
      title={SIGNED_IN_TITLE}
      description="The browsers and devices signed in to your account. If you don't recognize one, sign it out and change your password."
    >
      {query.isPending ? (
        <LoadingState label="Loading where you're signed in" />
      ) : query.isError ? (
        <LoadError message={SESSIONS_FETCH_FAILED} onRetry={() => void query.refetch()} />
      ) : (
        <div ref={listRef} tabIndex={-1} className="focus:outline-none">
          <SessionList
            sessions={query.data.sessions}
            onSignOut={(session) => open({ kind: 'one', session })}
          />
          <Footer
            others={Math.max(0, query.data.total - 1)}
            shown={query.data.sessions.length}
            total={query.data.total}
            onSignOutOthers={(count) => open({ kind: 'others', count })}
          />
        </div>
      )}

      <Dialog
        open={target !== null}
        onOpenChange={(next) => {
          if (pending) return;
          if (!next) close(false);
        }}
      >
        {target && (
          <DialogContent
            {...dialogText(target)}
            onCloseAutoFocus={(e) => {
              // Opened without a DialogTrigger: focus is put back here, on the opener or, if its row is gone, the list.
              e.preventDefault();
              const to = ended.current || !opener.current?.isConnected ? listRef.current : opener.current;
              ended.current = false;
              to?.focus();
            }}
          >
            <ConfirmSignOut
              target={target}
              pending={pending}
              failed={failed}
              onEdit={() => {
                endOne.reset();
                endOthers.reset();
              }}
              onConfirm={(password) =>
                target.kind === 'others'
                  ? endOthers.mutate({ password })
                  : endOne.mutate(
                      target.session.current
                        ? { id: target.session.id }
                        : { id: target.session.id, password },
                    )
              }
            />
          </DialogContent>
        )}
      </Dialog>
    </Section>
  );
}

/**
 * The dialog's form: the password again, unless this device is the one signed out, and the buttons. A wrong or
 * missing password is said under the field; anything else above the buttons.
 */
function ConfirmSignOut({
  target,
  pending,
  failed,
  onEdit,
  onConfirm,
}: {
  target: Target;
  pending: boolean;
  failed: Error | null;
  /** The password is being changed: the last answer's message no longer applies. */
  onEdit: () => void;
  onConfirm: (password: string) => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const needsPassword = target.kind === 'others' || !target.session.current;
  const parsed = failed ? parseApiError(failed) : null;
  const fieldError = missing ? reauthMissing : parsed?.fields.password;
  const otherError = failed && !parsed?.fields.password ? errorMessage(failed, 'Please try again.') : null;

  useEffect(() => {
    if (parsed?.fields.password) inputRef.current?.focus();
  }, [parsed?.fields.password]);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (needsPassword && !password) {
          setMissing(true);
          inputRef.current?.focus();
          return;
        }
        onConfirm(password);
      }}
    >
      {needsPassword && (
        <InputField
          ref={inputRef}
          id={`${id}-password`}
          label="Your password"
          hint="Confirm it's you: a stolen session cannot sign your other devices out without it."
          type="password"
          autoComplete="current-password"
          value={password}
          error={fieldError}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing(false);
            if (failed) onEdit();
          }}
        />
      )}
      {otherError && (
        <Alert variant="destructive" className="mt-4" title={SIGN_OUT_FAILED}>
          {otherError}
        </Alert>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? 'Signing out…' : target.kind === 'others' ? 'Sign out all others' : 'Sign out'}
        </Button>
      </div>
    </form>
  );
}

function dialogText(target: Target): { title: string; description: string } {
  if (target.kind === 'others') {
    const n = target.count;
    return {
      title: 'Sign out of all other devices?',
      description: `${n === 1 ? 'The other device' : `All ${n} other devices`} will have to sign in again. This device stays signed in.`,
    };
  }
  if (target.session.current) {
    return {
      title: 'Sign out of this device?',
      description: 'You will be signed out here and taken to the login page.',
    };
  }
  return {
    title: `Sign out of ${target.session.device}?`,
    description: `Signed in ${absoluteTime(target.session.signedInAt)}. That browser will have to sign in again, and anything open there stops updating.`,
  };
}

function SessionList({
  sessions,
  onSignOut,
}: {
  sessions: SignedInSession[];
  onSignOut: (session: SignedInSession) => void;
}) {
  const now = new Date();
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-col gap-3 py-4 first:pt-0 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <DeviceIcon os={s.os} className="mt-0.5 h-6 w-6 shrink-0 text-slate-500 dark:text-slate-400" />
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
                <span className="break-words">{s.device}</span>
                {s.current && (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
                    This device
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
                <span>
                  {s.current ? (
                    'Active now'
                  ) : (
                    <TimeText
                      prefix="Active"
                      value={s.lastActiveAt}
                      text={relativeTime(s.lastActiveAt, now)}
                    />
                  )}
                </span>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                <span>
                  <TimeText prefix="Signed in" value={s.signedInAt} text={signedInText(s.signedInAt, now)} />
                </span>
              </p>
              <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                {s.rememberMe ? 'Remembered on this browser' : 'Until the browser closes or sits idle'}
              </p>
            </div>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="w-full sm:w-auto"
            aria-label={`Sign out ${s.current ? 'this device' : s.device}`}
            onClick={() => onSignOut(s)}
          >
            Sign out
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** "Active 5 minutes ago" with the exact time on hover (title) and for screen readers. */
function TimeText({ prefix, value, text }: { prefix: string; value: string; text: string }) {
  const exact = absoluteTime(value);
  return (
    <>
      {prefix}{' '}
      <time dateTime={value} title={exact}>
        {text}
      </time>
      <span className="sr-only"> ({exact})</span>
    </>
  );
}

function Footer({
  others,
  shown,
  total,
  onSignOutOthers,
}: {
  others: number;
  shown: number;
  total: number;
  onSignOutOthers: (count: number) => void;
}) {
  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      {total > shown && (
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          Showing the {shown} most recently active of {total} sign-ins. Signing out of all other devices ends
          every one of them.
        </p>
      )}
      {others === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{NOWHERE_ELSE}</p>
      ) : (
        <Button variant="outline" className="w-full sm:w-auto" onClick={() => onSignOutOthers(others)}>
          Sign out of all other devices
        </Button>
      )}
    </div>
  );
}

/** A phone or a computer outline, by the session's system. Decorative. */
function DeviceIcon({ os, className }: { os: string | null; className?: string }) {
  const phone = os === 'iPhone' || os === 'Android' || os === 'iPad';
  return phone ? <PhoneIcon className={className} /> : <MonitorIcon className={className} />;
}

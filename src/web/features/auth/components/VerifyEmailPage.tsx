import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isNetworkError, parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { refreshSession, useAuth } from '../api/get-session.ts';
import { verifyEmailQueryOptions } from '../api/verify-email.ts';
import { AuthCard } from './AuthCard.tsx';

export const VERIFY_MESSAGES = {
  noToken: 'Invalid verification link. No token provided.',
  failed: 'Verification failed. The link may be expired or invalid.',
  network: 'An error occurred during verification. Please try again.',
  logInNext: 'Your email is confirmed. Please log in to continue.',
  alreadyVerified: 'Your email is already verified',
} as const;

/** The server's code for a link used before, of an account whose address is verified. */
const ALREADY_VERIFIED = 'ALREADY_VERIFIED';

export function VerifyEmailPage() {
  const [search] = useSearchParams();
  // Read once: the token then leaves the address bar (history, screenshots, Referer), so keep it in state.
  const [token] = useState(() => search.get('token'));
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  const client = useQueryClient();
  const { user } = useAuth();
  const result = useQuery(verifyEmailQueryOptions(token));

  const succeeded = result.isSuccess;
  useEffect(() => {
    if (succeeded) void refreshSession(client);
  }, [succeeded, client]);

  if (!token) return <VerifyResult ok={false} message={VERIFY_MESSAGES.noToken} />;
  if (result.isPending) {
    return (
      <AuthCard title="Verifying your email">
        <Spinner label="Verifying your email" />
      </AuthCard>
    );
  }
  if (result.isError) {
    // A link opened again (a second click, a mail client that opened it first): nothing is wrong.
    if (parseApiError(result.error).code === ALREADY_VERIFIED) {
      return <VerifyResult ok message={VERIFY_MESSAGES.alreadyVerified} signedIn={user !== null} />;
    }
    return (
      <VerifyResult
        ok={false}
        message={isNetworkError(result.error) ? VERIFY_MESSAGES.network : VERIFY_MESSAGES.failed}
      />
    );
  }
  return (
    <VerifyResult
      ok
      message={result.data?.message ?? 'Email verified successfully'}
      signedIn={user !== null}
    />
  );
}

function VerifyResult({ ok, message, signedIn }: { ok: boolean; message: string; signedIn?: boolean }) {
  return (
    <AuthCard title={ok ? 'Email verified' : 'Verification problem'}>
      <Alert variant={ok ? 'success' : 'destructive'}>{message}</Alert>
      {ok && !signedIn && <p className="mt-4 text-sm">{VERIFY_MESSAGES.logInNext}</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        {ok ? (
          <Button asChild>
            <Link href={signedIn ? paths.dashboard : paths.login}>
              {signedIn ? 'Go to Dashboard' : 'Log in'}
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link href={paths.emailNotVerified}>Send a new link</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={paths.home}>Back to home</Link>
            </Button>
          </>
        )}
      </div>
    </AuthCard>
  );
}

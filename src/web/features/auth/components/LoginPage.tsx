import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { paths } from '#web/lib/paths.ts';
import { pathAfterLogin } from '../next-path.ts';
import { AuthCard } from './AuthCard.tsx';
import { LoginForm } from './LoginForm.tsx';

/** Values older versions of the app kept in the browser; visiting /login clears them. */
export const CLEARED_LOCAL_KEYS = ['user', 'auth', 'token'] as const;

export function clearStoredAuth(): void {
  try {
    for (const key of CLEARED_LOCAL_KEYS) window.localStorage.removeItem(key);
    window.sessionStorage.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
}

export function LoginPage() {
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const next = search.get('next');

  useEffect(() => {
    clearStoredAuth();
  }, []);

  return (
    <AuthCard
      title="Log in"
      subtitle={
        <>
          New here?{' '}
          <Link href={paths.signup} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm onSuccess={(user) => navigate(pathAfterLogin(user, next))} />
    </AuthCard>
  );
}

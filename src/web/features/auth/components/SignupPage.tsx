import { Link, useLocation } from 'wouter';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { SignupForm } from './SignupForm.tsx';

export function SignupPage() {
  const [, navigate] = useLocation();
  return (
    <div className="flex justify-center px-4 py-12">
      <Card className="w-full max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          Create your account
        </h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Already have an account?{' '}
          <Link href={paths.login} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
            Log in
          </Link>
        </p>
        <div className="mt-6">
          <SignupForm onSuccess={() => navigate(paths.emailNotVerified)} />
        </div>
      </Card>
    </div>
  );
}

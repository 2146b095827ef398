import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';

export function ForbiddenPage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <ShieldIcon className="mx-auto h-12 w-12 text-red-700 dark:text-red-400" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-white">Access denied</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        You don't have permission to access this page.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button asChild>
          <Link href={paths.dashboard}>Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.home}>Back to home</Link>
        </Button>
      </div>
    </div>
  );
}

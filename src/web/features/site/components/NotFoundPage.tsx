import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-blue-700 dark:text-blue-300">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-white">Page Not Found</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The page you're looking for doesn't exist or has moved.
      </p>
      <Button asChild className="mt-6">
        <Link href={paths.home}>Back to home</Link>
      </Button>
    </div>
  );
}

import { Link } from 'wouter';
import { HomeIcon } from '#web/components/ui/icons.tsx';

export function Brand({ href = '/' }: { href?: string }) {
  return (
    <Link
      href={href}
      className="flex items-center gap-2 font-bold text-slate-900 dark:text-white"
      aria-label="HomeFix home"
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-blue-700 text-white">
        <HomeIcon className="h-5 w-5" />
      </span>
      <span className="text-lg tracking-tight">HomeFix</span>
    </Link>
  );
}

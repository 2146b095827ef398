import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {subtitle && <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

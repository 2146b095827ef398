import { Link } from 'wouter';
import { Button } from './ui/button.tsx';
import { ClockIcon } from './ui/icons.tsx';

export interface ComingSoonPanelProps {
  feature: string;
  description?: string;
}

/** A friendly placeholder for a screen whose content arrives in a later release. */
export function ComingSoonPanel({ feature, description }: ComingSoonPanelProps) {
  return (
    <section
      aria-label={`${feature}: coming soon`}
      className="rounded-2xl border border-dashed border-blue-300 bg-gradient-to-br from-blue-50 to-white p-8 text-center dark:border-blue-800 dark:from-slate-900 dark:to-slate-950"
    >
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
        <ClockIcon className="h-7 w-7" />
      </span>
      <p className="mt-4 inline-block rounded-full bg-blue-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
        Coming soon
      </p>
      <p className="mx-auto mt-4 max-w-md text-slate-700 dark:text-slate-300">
        {description ?? `${feature} is on its way. We're putting the finishing touches on it.`}
      </p>
    </section>
  );
}

export interface ComingSoonPageProps extends ComingSoonPanelProps {
  title: string;
}

/** A whole page: its heading plus the coming-soon panel and a way back. */
export function ComingSoonPage({ title, feature, description }: ComingSoonPageProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <ComingSoonPanel feature={feature} description={description} />
      <div className="mt-6 flex justify-center gap-3">
        <Button asChild variant="outline">
          <Link href="/">Back to home</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link href="/dashboard">Go to dashboard</Link>
        </Button>
      </div>
    </div>
  );
}

export function comingSoon(title: string, feature = title, description?: string) {
  function ComingSoonScreen() {
    return <ComingSoonPage title={title} feature={feature} description={description} />;
  }
  ComingSoonScreen.displayName = `ComingSoon(${title})`;
  return ComingSoonScreen;
}

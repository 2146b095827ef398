import { Link, useSearchParams } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { CheckIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';

const copy = {
  customer: {
    title: 'Thanks for sharing your project!',
    text: 'Local service providers can now see it. Keep an eye on your inbox: interested pros will reach out soon.',
    cta: { href: paths.browse, label: 'Browse Projects' },
  },
  provider: {
    title: 'Thanks for joining as a provider!',
    text: "We'll let you know when new projects in your area match your trade. In the meantime, take a look at what's posted.",
    cta: { href: paths.projects, label: 'See live projects' },
  },
  default: {
    title: 'Thank you!',
    text: 'We appreciate you taking the time. Your response has been received.',
    cta: { href: paths.home, label: 'Back to home' },
  },
} as const;

export function ThanksPage() {
  const [search] = useSearchParams();
  const type = search.get('type');
  const c = type === 'customer' ? copy.customer : type === 'provider' ? copy.provider : copy.default;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200">
        <CheckIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-white">{c.title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{c.text}</p>
      <Button asChild className="mt-6">
        <Link href={c.cta.href}>{c.cta.label}</Link>
      </Button>
    </div>
  );
}

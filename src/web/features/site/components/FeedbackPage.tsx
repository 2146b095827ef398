import { Card } from '#web/components/ui/card.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { MessageIcon } from '#web/components/ui/icons.tsx';
import { usePublicConfig } from '#web/features/config/index.ts';

export const FEEDBACK_EMAIL = 'feedback@homefix.local';

/** The link to one feedback form: the configured form with ?type=…, else an email with a subject. */
export function feedbackHref(configuredUrl: string | undefined, audience: 'customer' | 'provider'): string {
  const url = configuredUrl?.trim();
  if (url && /^https?:\/\//i.test(url)) {
    try {
      const u = new URL(url);
      u.searchParams.set('type', audience);
      return u.toString();
    } catch {
      // fall back to email
    }
  }
  const subject = audience === 'customer' ? 'Customer feedback' : 'Service provider feedback';
  return `mailto:${FEEDBACK_EMAIL}?subject=${encodeURIComponent(subject)}`;
}

export function FeedbackPage() {
  const { data } = usePublicConfig();
  const url = data?.BETA_FEEDBACK_URL;
  const external = Boolean(url && /^https?:\/\//i.test(url.trim()));
  const forms = [
    {
      audience: 'customer' as const,
      title: 'Customers',
      text: 'Tell us how pricing a job, saving estimates and finding a provider went for you.',
      cta: 'Customer feedback form',
    },
    {
      audience: 'provider' as const,
      title: 'Service providers',
      text: 'Tell us about finding work, bidding, messaging customers and your plan.',
      cta: 'Provider feedback form',
    },
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Share your feedback
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        HomeFix is in beta. A few minutes of your time shapes what we build next.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {forms.map((f) => (
          <Card key={f.audience} className="flex flex-col">
            <MessageIcon className="h-8 w-8 text-blue-700 dark:text-blue-300" />
            <h2 className="mt-3 text-xl font-semibold">{f.title}</h2>
            <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{f.text}</p>
            <a
              href={feedbackHref(url, f.audience)}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className={buttonClasses('primary', 'md', 'mt-6 self-start')}
            >
              {f.cta}
              {external && <span className="sr-only"> (opens in a new tab)</span>}
            </a>
          </Card>
        ))}
      </div>
      {!external && (
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
          Prefer to write directly? Email us at{' '}
          <a
            href={`mailto:${FEEDBACK_EMAIL}`}
            className="font-medium text-blue-700 underline dark:text-blue-300"
          >
            {FEEDBACK_EMAIL}
          </a>
          .
        </p>
      )}
    </div>
  );
}

// /provider-mvp: the provider landing page (its content is ours). What a provider gets, the plans with
// their prices from the domain (src/domain/plans.ts), and a sign-up call to action.
import { Link } from 'wouter';
import { formatCents } from '#domain/money';
import { providerPlans, TRIAL_DAYS } from '#domain/plans';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { CheckIcon, ClipboardIcon, MessageIcon, SearchIcon, ShieldIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';

const benefits = [
  {
    icon: <SearchIcon className="h-6 w-6" />,
    title: 'Jobs near you, ready to price',
    text: 'See live projects by city and category, with the budget the customer has in mind.',
  },
  {
    icon: <MessageIcon className="h-6 w-6" />,
    title: 'Reach out with an offer',
    text: 'Send a message and a price on any project in the categories your plan covers.',
  },
  {
    icon: <ShieldIcon className="h-6 w-6" />,
    title: 'Real customers, verified emails',
    text: 'Every project comes from a signed-in customer with a confirmed email address. No anonymous leads.',
  },
  {
    icon: <ClipboardIcon className="h-6 w-6" />,
    title: 'Contact when they choose you',
    text: 'When a customer connects with you, their name, email and phone appear on the project.',
  },
];

const shownPlans = [providerPlans.starter, providerPlans.deluxe, providerPlans.enterprise];

export function ProviderLandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-16 md:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-800 dark:text-blue-300">
            For service providers
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            Win more local jobs without paying for cold leads.
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            HomeFix customers post kitchen, bathroom, flooring, concrete and other projects with a budget. You
            pick the jobs that fit your trade, send an offer, and talk once they choose you.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href={paths.signup} className={buttonClasses('primary', 'lg')}>
              Start your {TRIAL_DAYS}-day free trial
            </Link>
            <Link href={paths.projects} className={buttonClasses('outline', 'lg')}>
              See live projects
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="provider-benefits" className="py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2
            id="provider-benefits"
            className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
          >
            What you get
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map((b) => (
              <li key={b.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
                  {b.icon}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{b.title}</h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{b.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="provider-plans" className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4">
          <h2
            id="provider-plans"
            className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
          >
            Plans
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
            Your first plan starts with a {TRIAL_DAYS}-day free trial, once per account. Cancel any time.
          </p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {shownPlans.map((p) => (
              <li
                key={p.id}
                className={
                  p.mostPopular
                    ? 'relative rounded-xl border-2 border-blue-700 bg-white p-6 dark:border-blue-400 dark:bg-slate-950'
                    : 'rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-950'
                }
              >
                {p.mostPopular && (
                  <span className="absolute -top-3 left-6 rounded-full bg-blue-700 px-3 py-0.5 text-xs font-semibold text-white">
                    Most Popular
                  </span>
                )}
                <h3 className="font-semibold text-slate-900 dark:text-white">{p.name}</h3>
                <p className="text-sm text-slate-600 dark:text-slate-400">{p.audience}</p>
                <p className="mt-3 text-3xl font-bold text-slate-900 dark:text-white">
                  {p.priceCents === null ? (
                    'Contact sales'
                  ) : (
                    <>
                      {formatCents(p.priceCents).replace(/\.00$/, '')}
                      <span className="text-base font-medium text-slate-600 dark:text-slate-400">/month</span>
                    </>
                  )}
                </p>
                <ul className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-300">
                  {p.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" /> {f}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link href={paths.signup} className={buttonClasses('primary', 'lg')}>
              Sign up as a provider
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

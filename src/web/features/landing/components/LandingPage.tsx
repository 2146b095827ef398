import { Link, Redirect, useLocation } from 'wouter';
import { PlanSummary } from '#web/components/plans/PlanSummary.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import {
  CheckIcon,
  ClipboardIcon,
  MessageIcon,
  SearchIcon,
  ShieldIcon,
  SparkIcon,
  WrenchIcon,
} from '#web/components/ui/icons.tsx';
import { trackNavClick } from '#web/lib/analytics.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { formatWholeCents } from '#domain/money';
import { customerPlanDescription, providerPlanDescription, TRIAL_NOTE } from '#domain/plan-words';
import { customerPlans } from '#domain/plans';
import { sampleEstimate } from '../sample-estimate.ts';

const features = [
  {
    icon: <SparkIcon className="h-6 w-6" />,
    title: 'Instant estimates',
    text: 'Pick a job, answer a few questions and see a fair price range for your area in minutes.',
  },
  {
    icon: <ClipboardIcon className="h-6 w-6" />,
    title: 'Save and post',
    text: 'Keep drafts while you plan, then post the job when you are ready for pros to see it.',
  },
  {
    icon: <MessageIcon className="h-6 w-6" />,
    title: 'Talk to real pros',
    text: 'Message providers who work in your category and compare bids before you decide.',
  },
  {
    icon: <ShieldIcon className="h-6 w-6" />,
    title: 'You stay in control',
    text: 'Your contact details are shared only when you choose to connect with a provider.',
  },
];

const steps = [
  {
    title: 'Describe the job',
    text: 'Choose a category such as kitchen, bathroom, flooring or HVAC and the work you need.',
  },
  {
    title: 'Get your estimate',
    text: 'We price each part of the job with local rates and the quality level you pick.',
  },
  { title: 'Post it', text: 'Share the project so qualified providers in your region can find it.' },
  { title: 'Hire with confidence', text: 'Compare bids, ask questions and pick the pro that suits you.' },
];

/** The plans a newcomer can start on, each the shared plan description; the paid ones start with the trial. */
const plans = [
  {
    key: 'free',
    audience: 'Homeowner plan',
    plan: customerPlanDescription('free'),
    trial: false,
    featured: false,
  },
  {
    key: 'premium',
    audience: 'Homeowner plan',
    plan: customerPlanDescription('premium'),
    trial: true,
    featured: customerPlans.premium.mostPopular,
  },
  {
    key: 'starter',
    audience: 'Provider plan',
    plan: providerPlanDescription('starter'),
    trial: true,
    featured: false,
  },
  {
    key: 'deluxe',
    audience: 'Provider plan',
    plan: providerPlanDescription('deluxe'),
    trial: true,
    featured: false,
  },
];

function Landing() {
  const [location] = useLocation();
  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-blue-100 px-3 py-1 text-sm font-medium text-blue-900 dark:bg-blue-950 dark:text-blue-100">
              <WrenchIcon className="h-4 w-4" /> Home repair, priced fairly
            </p>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
              Know the price before you hire the pro.
            </h1>
            <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
              HomeFix turns your repair or remodel into a clear estimate, then connects you with local service
              providers ready to do the work.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                href={paths.post}
                className={buttonClasses('primary', 'lg')}
                onClick={() => trackNavClick('Post My Project', location)}
              >
                Post My Project
              </Link>
              <Link
                href={paths.browse}
                className={buttonClasses('outline', 'lg')}
                onClick={() => trackNavClick('Browse Projects', location)}
              >
                <SearchIcon className="h-5 w-5" /> Browse Projects
              </Link>
            </div>
          </div>
          <div aria-hidden="true" className="hidden md:block">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
              <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
                {sampleEstimate.heading}
              </p>
              <p className="mt-2 text-4xl font-bold text-slate-900 dark:text-white">
                {formatWholeCents(sampleEstimate.finalCents)}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Range {formatWholeCents(sampleEstimate.minCents)} –{' '}
                {formatWholeCents(sampleEstimate.maxCents)}
              </p>
              <ul className="mt-6 space-y-3 text-sm text-slate-700 dark:text-slate-300">
                {sampleEstimate.items.map((i) => (
                  <li key={i} className="flex items-center gap-2">
                    <CheckIcon className="h-4 w-4 text-green-700 dark:text-green-400" /> {i}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2
            id="features-title"
            className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
          >
            Features
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
            Everything you need to go from idea to hired.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {features.map((f) => (
              <li key={f.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
                  {f.icon}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{f.title}</h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-title"
        className="scroll-mt-20 bg-slate-50 py-16 dark:bg-slate-900"
      >
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            How It Works
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((s, i) => (
              <li key={s.title} className="rounded-xl bg-white p-6 shadow-sm dark:bg-slate-950">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{s.title}</h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Pricing
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
            Free for homeowners to start. Simple monthly plans for providers. Enterprise teams can contact
            sales.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {plans.map((p) => (
              <li
                key={p.key}
                aria-labelledby={`pricing-${p.key}`}
                className={
                  p.featured
                    ? 'relative flex flex-col rounded-xl border-2 border-blue-700 p-6 dark:border-blue-400'
                    : 'flex flex-col rounded-xl border border-slate-200 p-6 dark:border-slate-800'
                }
              >
                {p.featured && (
                  <span className="absolute -top-3 left-6 rounded-full bg-blue-700 px-3 py-0.5 text-xs font-semibold text-white">
                    Most Popular
                  </span>
                )}
                <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-blue-800 dark:text-blue-200">
                  {p.audience}
                </p>
                <PlanSummary plan={p.plan} headingId={`pricing-${p.key}`} />
                {p.trial && (
                  <p className="mt-3 text-sm font-medium text-blue-800 dark:text-blue-200">{TRIAL_NOTE}</p>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link
              href={paths.signup}
              className={buttonClasses('primary', 'lg')}
              onClick={() => trackNavClick('Sign Up', location)}
            >
              Create a free account
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/** `/`: the landing page; a signed-in visitor goes straight to /dashboard. */
export function LandingPage() {
  const { user } = useAuth();
  if (user) return <Redirect to={paths.dashboard} replace />;
  return <Landing />;
}

/** `/mvp`: the same landing page, also for signed-in visitors. */
export function MvpLandingPage() {
  return <Landing />;
}

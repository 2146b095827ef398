// /pricing-accuracy, public (decision 0047): for each home-repair category, how close our estimates came to the
// prices agreed on the jobs hired in the last 12 months (the median of each agreed price against its own
// estimate, and how many fell inside the estimate's range), no figure from fewer than the minimum of jobs, and how
// it is computed. Rendered on the server like the guides (decision 0045): data only through the query options.
import { useId } from 'react';
import { Link } from 'wouter';
import type { PricingAccuracy } from '#domain/schemas/cost-guide.schema';
import { paths } from '#web/lib/paths.ts';
import { usePricingAccuracy } from '../api/cost-guides.ts';
import { accuracySentence, dayText } from '../format.ts';
import { linkClass, ScreenError, ScreenLoading, Section, sectionClass } from './parts.tsx';

export function PricingAccuracyPage() {
  const query = usePricingAccuracy();
  if (query.isPending) return <ScreenLoading label="Loading the comparison" />;
  if (query.isError) {
    return (
      <ScreenError
        title="How close our prices came"
        text="The comparison could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <AccuracyView data={query.data} />;
}

function AccuracyView({ data }: { data: PricingAccuracy }) {
  const ids = useId();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className={sectionClass}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          How close our prices came
        </h1>
        <p className="mt-2 text-slate-800 dark:text-slate-200">
          Our estimates and{' '}
          <Link href={paths.costGuides} className={linkClass}>
            cost guides
          </Link>{' '}
          are made by one calculation. Here is how they compare with the prices customers and pros actually
          agreed, for every kind of job.
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Computed on <time dateTime={data.computedAt}>{dayText(data.computedAt)}</time>, from the jobs hired
          since <time dateTime={data.since}>{dayText(data.since)}</time>.
        </p>
      </header>

      <Section id={`${ids}-results`} title="By kind of job">
        {data.categories.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No kinds of job to compare yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
            {data.categories.map((c) => (
              <li key={c.id} className="py-3">
                <h3 className="font-semibold text-slate-900 dark:text-white">{c.label}</h3>
                <p className="mt-1 text-slate-800 dark:text-slate-200">
                  {accuracySentence(c.accuracy, c.label)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id={`${ids}-how`} title="How it is computed">
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800 dark:text-slate-200">
          <li>
            Every job hired on HomeFix in the last {data.windowDays} days counts, by the kind of job and the
            place of its estimate, whatever happened to it later. A job is hired when a customer accepts a
            pro's bid; its agreed price is the one fixed then, before any later change order.
          </li>
          <li>
            Each agreed price is compared with that job's own estimate, the one our wizard made for it: the
            difference in percent, agreed price over estimate. The median of those differences is shown: half
            the jobs were agreed above it, half below.
          </li>
          <li>
            A job counts as inside our range when its agreed price lies within its estimate's range, from 0.8
            to 1.2 times the estimate, both ends included.
          </li>
          <li>
            No figure is shown from fewer than {data.minJobs} jobs. A city's guide uses the jobs of that city
            alone once it has {data.minJobs}, and otherwise the jobs of the whole country.
          </li>
          <li>
            No customer or pro is named. The figures are computed again every day, and as soon as a job is
            hired.
          </li>
        </ul>
      </Section>
    </div>
  );
}

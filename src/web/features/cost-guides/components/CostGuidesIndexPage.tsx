// /cost-guides, public (decision 0047): the 8 home-repair categories, each with its typical job, the Standard
// price from the cheapest to the dearest place and how close our prices came to the agreed ones; then every place
// by state, linking to the chosen category's guide (?category=, kitchen by default), so every guide is two links
// from here. Rendered on the server like the guides (decision 0045): data only through the exported query options.
import { useId } from 'react';
import { Link, useSearch } from 'wouter';
import { formatWholeCents } from '#domain/money';
import type { CostGuideIndex } from '#domain/schemas/cost-guide.schema';
import { paths } from '#web/lib/paths.ts';
import { guideHref, useCostGuideIndex } from '../api/cost-guides.ts';
import { accuracySentence, categoryInSentence } from '../format.ts';
import { linkClass, ScreenError, ScreenLoading, Section, sectionClass } from './parts.tsx';

/**
 * The 635 place links: short classes and the browser's own focus outline, as the list is most of the page's HTML.
 */
const placeLinkClass = 'text-blue-800 underline underline-offset-2 dark:text-blue-300';

export function CostGuidesIndexPage() {
  const query = useCostGuideIndex();
  if (query.isPending) return <ScreenLoading label="Loading the cost guides" />;
  if (query.isError) {
    return (
      <ScreenError
        title="Cost guides"
        text="The cost guides could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <IndexView index={query.data} />;
}

function IndexView({ index }: { index: CostGuideIndex }) {
  const ids = useId();
  const asked = new URLSearchParams(useSearch()).get('category');
  const chosen = index.categories.find((c) => c.id === asked) ?? index.categories[0];
  const placeCount = index.states.reduce((n, s) => n + s.places.length, 0);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header className={sectionClass}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          What home repairs cost where you live
        </h1>
        <p className="mt-2 text-slate-800 dark:text-slate-200">
          A typical job of each kind, priced in each of {placeCount} places by the same calculation as our
          estimate wizard, every line with its arithmetic and its source. Once enough jobs are hired, each
          guide says how close our prices came to what customers and pros agreed.{' '}
          <Link href={paths.pricingAccuracy} className={linkClass}>
            How we check our prices
          </Link>
        </p>
      </header>

      <Section id={`${ids}-categories`} title="Jobs">
        {index.categories.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No cost guides yet.</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {index.categories.map((c) => (
              <li key={c.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <h3 className="font-semibold text-slate-900 dark:text-white">{c.label}</h3>
                <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">{c.description}</p>
                <p className="mt-2 text-sm text-slate-900 dark:text-white">
                  Standard grade: {formatWholeCents(c.standardLowCents)} to{' '}
                  {formatWholeCents(c.standardHighCents)}, by place
                </p>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                  {accuracySentence(c.accuracy, c.label)}
                </p>
                <Link
                  href={`${paths.costGuides}?category=${c.id}#places`}
                  // The address changes in place (no scroll of its own): the list is brought into view.
                  onClick={() => document.getElementById('places')?.scrollIntoView()}
                  className={`${linkClass} mt-2 inline-block text-sm`}
                >
                  {c.label} prices by place
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {chosen && (
        <Section id="places" title={`${chosen.label} prices by place`}>
          <nav aria-label="Job" className="mt-3">
            <ul className="flex flex-wrap gap-2">
              {index.categories.map((c) => (
                <li key={c.id}>
                  <Link
                    href={`${paths.costGuides}?category=${c.id}`}
                    aria-current={c.id === chosen.id ? 'page' : undefined}
                    className={`inline-block rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${
                      c.id === chosen.id
                        ? 'border-blue-800 bg-blue-800 text-white dark:border-blue-300 dark:bg-blue-300 dark:text-slate-950'
                        : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
                    }`}
                  >
                    {c.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {index.states.length === 0 ? (
            <p className="mt-3 text-slate-700 dark:text-slate-300">No places yet.</p>
          ) : (
            <ul className="mt-4 space-y-2">
              {index.states.map((s) => (
                <li key={s.state}>
                  <details className="rounded-lg border border-slate-200 dark:border-slate-700">
                    <summary className="cursor-pointer rounded-lg px-4 py-2 font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white">
                      {s.state}{' '}
                      <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
                        ({s.places.length} {s.places.length === 1 ? 'place' : 'places'})
                      </span>
                    </summary>
                    <ul className="grid gap-x-4 gap-y-1 px-4 pb-3 sm:grid-cols-2 md:grid-cols-3">
                      {s.places.map((p) => (
                        <li key={p.slug}>
                          <Link href={guideHref(chosen.id, p.slug)} className={placeLinkClass}>
                            {p.name}
                            <span className="sr-only">{`, ${s.state}: ${categoryInSentence(chosen.label)} cost guide`}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
    </div>
  );
}

// /cost-guides/{category}/{place}, public (decision 0047): what a category's typical job costs in one place, at
// every grade, priced by the wizard's own function; each line with its arithmetic (quantity x unit price x grade x
// local factor) and its price source, the local factor with its BEA source, what is not included, when prices were
// reviewed, how close our estimates came to the prices agreed on hired jobs, "Price your own job", the nearby
// places and the place's other categories. The server renders this same tree with the query cache filled (decision
// 0045): the page reads its data only through the exported query options and renders nothing from the clock, the
// zone or the window while rendering. An unknown category or place is the app's Not Found page.
import { useId } from 'react';
import { Link } from 'wouter';
import { formatCents, formatWholeCents } from '#domain/money';
import type { CostGuide, GuideGrade, GuideLine } from '#domain/schemas/cost-guide.schema';
import { Button } from '#web/components/ui/button.tsx';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import type { RouteParams } from '#web/lib/routing.ts';
import { useCostGuide } from '../api/cost-guides.ts';
import { accuracySentence, dayText, factorText } from '../format.ts';
import {
  GuideNotFound,
  linkClass,
  ScreenError,
  ScreenLoading,
  Section,
  sectionClass,
  useDocumentTitle,
} from './parts.tsx';

/** The page's heading and title: "Kitchen remodel cost in Jacksonville, FL". */
export const guideTitle = (g: Pick<CostGuide, 'typicalJob' | 'place'>) =>
  `${g.typicalJob.taskName} cost in ${g.place.location}`;

export function CostGuidePage({ params }: { params: RouteParams }) {
  const category = params.category ?? '';
  const place = params.place ?? '';
  const query = useCostGuide(category, place);
  useDocumentTitle(query.data ? guideTitle(query.data) : null);

  if (query.isPending) return <ScreenLoading label="Loading the cost guide" />;
  if (query.isError) {
    if (parseApiError(query.error).status === 404) return <GuideNotFound />;
    return (
      <ScreenError
        title="Cost guide"
        text="This cost guide could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <GuideView guide={query.data} />;
}

const standardOf = (g: CostGuide): GuideGrade | undefined =>
  g.grades.find((x) => x.grade === 'Standard') ?? g.grades[0];

function GuideView({ guide: g }: { guide: CostGuide }) {
  const ids = useId();
  const standard = standardOf(g);
  const lowest = g.grades[0];
  const highest = g.grades[g.grades.length - 1];
  const label = g.category.label;

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700 dark:text-slate-300">
        <ol className="flex flex-wrap gap-x-2">
          <li>
            <Link href={paths.costGuides} className={linkClass}>
              Cost guides
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            {label}
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">{g.place.location}</li>
        </ol>
      </nav>

      <article aria-labelledby={`${ids}-title`} className={sectionClass}>
        <h1
          id={`${ids}-title`}
          className="text-3xl font-bold tracking-tight break-words text-slate-900 dark:text-white"
        >
          {guideTitle(g)}
        </h1>
        <p className="mt-2 text-slate-800 dark:text-slate-200">{g.typicalJob.description}</p>
        {standard && (
          <p className="mt-4 text-slate-900 dark:text-white">
            <span className="block text-sm font-semibold uppercase tracking-wide text-blue-800 dark:text-blue-300">
              Typical price, Standard grade
            </span>
            <span className="text-4xl font-bold" data-typical-price="">
              {formatCents(standard.totalCents)}
            </span>
          </p>
        )}
        {lowest && highest && (
          <p className="mt-1 text-slate-800 dark:text-slate-200">
            From {formatWholeCents(lowest.totalCents)} ({lowest.grade}) to{' '}
            {formatWholeCents(highest.totalCents)} ({highest.grade}), with the local factor{' '}
            {factorText(g.localFactor.multiplier)} of {g.place.location}.
          </p>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Button asChild size="lg">
            <Link href={g.wizardPath}>Price your own job</Link>
          </Button>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            Opens the estimate wizard with {g.typicalJob.taskName} in {g.place.location} already chosen.
          </span>
        </div>
      </article>

      <Section id={`${ids}-accuracy`} title="How close our prices came">
        <p className="mt-3 text-slate-800 dark:text-slate-200" data-accuracy="">
          {accuracySentence(g.accuracy, label, g.place.location)}
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Each hired job's agreed price is compared with that job's own estimate, over the last 12 months.{' '}
          <Link href={paths.pricingAccuracy} className={linkClass}>
            How we check our prices
          </Link>
        </p>
      </Section>

      <Section id={`${ids}-grades`} title="The price at each grade">
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          The same job at each grade of materials and finish. The range is the one a single estimate shows
          (0.8 to 1.2 times its total). Each line reads: quantity x unit price x grade x local factor =
          amount.
        </p>
        {/* No scroll box: the cells wrap, so the table fits a 390 px screen (a scroll box would need a tab stop). */}
        <div className="mt-3">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              The typical job's total at each grade, in {g.place.location}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Grade
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Factor
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Total
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Range
                </th>
              </tr>
            </thead>
            <tbody>
              {g.grades.map((grade) => (
                <tr
                  key={grade.grade}
                  className="border-b border-slate-100 text-slate-900 last:border-0 dark:border-slate-800 dark:text-slate-100"
                >
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {grade.grade}
                  </th>
                  <td className="py-2 pr-3">x {factorText(grade.gradeMultiplier)}</td>
                  <td className="py-2 pr-3 text-right font-semibold tabular-nums">
                    {formatCents(grade.totalCents)}
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    {formatWholeCents(grade.minCents)} to {formatWholeCents(grade.maxCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4 space-y-3">
          {g.grades.map((grade) => (
            <GradeLines key={grade.grade} grade={grade} open={grade.grade === standard?.grade} />
          ))}
        </div>
      </Section>

      <Section id={`${ids}-job`} title="The typical job">
        <p className="mt-2 text-slate-800 dark:text-slate-200">{g.typicalJob.description}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800 dark:text-slate-200">
          {g.typicalJob.subtasks.map((s) => (
            <li key={s.id}>
              {s.name}: {s.measured}
            </li>
          ))}
        </ul>
      </Section>

      <Section id={`${ids}-factor`} title="The local factor">
        <p className="mt-2 text-slate-800 dark:text-slate-200">
          Prices in {g.place.location} are the national prices times {factorText(g.localFactor.multiplier)}:
          the regional price parity of {g.localFactor.area}, from the {g.localFactor.series},{' '}
          {g.localFactor.year}.{' '}
          <a href={g.localFactor.sourceUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
            The BEA's regional price parities
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </Section>

      <Section id={`${ids}-excluded`} title="Not included">
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800 dark:text-slate-200">
          {g.exclusions.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Unit prices last reviewed on{' '}
          <time dateTime={g.pricesReviewedOn}>{dayText(g.pricesReviewedOn)}</time>.
        </p>
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <Section id={`${ids}-nearby`} title={`${label} in nearby places`}>
          {g.nearby.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">No other places in this state.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {g.nearby.map((p) => (
                <li key={p.slug}>
                  <Link href={p.path} className={linkClass}>
                    {p.location}
                  </Link>{' '}
                  <span className="text-sm text-slate-700 dark:text-slate-300">
                    (factor {factorText(p.multiplier)})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section id={`${ids}-others`} title={`Other jobs in ${g.place.location}`}>
          <ul className="mt-2 space-y-1">
            {g.otherCategories.map((c) => (
              <li key={c.id}>
                <Link href={c.path} className={linkClass}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}

/** One grade's lines, each with its arithmetic and price source; Standard open, the others a click away. */
function GradeLines({ grade, open }: { grade: GuideGrade; open: boolean }) {
  return (
    <details
      open={open}
      className="rounded-lg border border-slate-200 dark:border-slate-700 [&[open]>summary]:border-b"
    >
      <summary className="cursor-pointer rounded-lg border-slate-200 px-4 py-3 font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-700 dark:text-white">
        {grade.grade}: {formatCents(grade.totalCents)}, line by line
      </summary>
      <ol className="divide-y divide-slate-100 dark:divide-slate-800">
        {grade.lines.map((line) => (
          <LineItem key={line.subtaskId} line={line} />
        ))}
      </ol>
      <p className="border-t border-slate-200 px-4 py-3 text-right font-semibold text-slate-900 dark:border-slate-700 dark:text-white">
        Total {formatCents(grade.totalCents)}
      </p>
    </details>
  );
}

function LineItem({ line }: { line: GuideLine }) {
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900 dark:text-white">{line.name}</span>
        <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
          {formatCents(line.amountCents)}
        </span>
      </div>
      <p className="mt-1 break-words font-mono text-sm text-slate-800 dark:text-slate-200">
        {line.arithmetic}
      </p>
      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
        Unit price source: <SourceLinks line={line} />
      </p>
      {line.rangesDiffering.map((r) => (
        <p
          key={`${r.low}-${r.high}-${r.url ?? ''}`}
          className="mt-1 text-xs text-amber-900 dark:text-amber-200"
        >
          {r.url ? hostOf(r.url) : 'A source'} publishes {formatCents(Math.round(r.low * 100))} to{' '}
          {formatCents(Math.round(r.high * 100))}; our unit price of {formatCents(line.unitPriceCents)} is
          outside that range.
        </p>
      ))}
    </li>
  );
}

/** The source note as the wizard shows it, each page address it names a link named by its site. */
function SourceLinks({ line }: { line: GuideLine }) {
  if (!line.source) return <>our catalogue</>;
  const parts: (string | { url: string })[] = [];
  let rest = line.source;
  for (const url of line.sourceUrls) {
    const at = rest.indexOf(url);
    if (at < 0) continue;
    parts.push(rest.slice(0, at), { url });
    rest = rest.slice(at + url.length);
  }
  parts.push(rest);
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          <a
            key={i}
            href={p.url}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} break-all`}
          >
            {hostOf(p.url)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ),
      )}
    </>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

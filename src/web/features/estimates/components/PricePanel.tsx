// The live price beside every wizard step after the subtasks: the total, the range (0.8x to 1.2x),
// each line's arithmetic (measurement x unit price x grade x region = line total), which regional multiplier
// applies and where it comes from, and each unit price's source on demand.
import { formatCents, formatMoney, formatWholeCents } from '#domain/format';
import { REGION_SOURCE, SourceText } from './price-sources.tsx';
import type { Preview } from './wizard-model.ts';

const mult = (n: number) => `${n.toFixed(n * 100 === Math.round(n * 100) ? 2 : 3)}x`;

export function PricePanel({ preview }: { preview: Preview }) {
  return (
    <aside
      aria-labelledby="price-panel-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-5"
    >
      <h2
        id="price-panel-title"
        className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300"
      >
        Live price
      </h2>
      <p
        className="mt-1 text-3xl font-bold text-slate-900 dark:text-white"
        aria-live="polite"
        aria-atomic="true"
      >
        <span className="sr-only">Estimated total </span>
        {formatCents(preview.finalCents)}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Range {formatWholeCents(preview.minCents)} to {formatWholeCents(preview.maxCents)}
        <span className="text-slate-600 dark:text-slate-400"> (0.8x to 1.2x)</span>
      </p>

      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-900 dark:text-white">Grade multiplier</dt>
          <dd className="text-slate-700 dark:text-slate-300">
            {preview.grade} {mult(preview.gradeMultiplier)}
            {!preview.gradeChosen && ' (shown until you choose a grade)'}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900 dark:text-white">Regional multiplier</dt>
          <dd className="text-slate-700 dark:text-slate-300">
            {preview.automotive ? (
              <>1.00x: automotive prices are U.S. national averages; the region does not change them.</>
            ) : preview.region ? (
              <>
                {preview.region.location} {mult(preview.regionMultiplier)}
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Source: {REGION_SOURCE}, {preview.region.source}
                </span>
              </>
            ) : (
              <>1.00x national average until you choose a region</>
            )}
          </dd>
        </div>
      </dl>

      {preview.lines.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Line items</h3>
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {preview.lines.map((l) => (
              <li key={l.subtaskId} className="py-2 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <span className="font-medium text-slate-900 dark:text-white">{l.name}</span>
                  <span className="shrink-0 font-semibold tabular-nums text-slate-900 dark:text-white">
                    {formatCents(l.amountCents)}
                  </span>
                </div>
                <p className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">
                  {l.pending ? (
                    <>Measurements needed</>
                  ) : (
                    <>
                      {l.measurement} x {formatMoney(l.unitPrice)}/{l.unit.replace(/^sq ft$/, 'sq ft')} x
                      grade {mult(l.gradeMultiplier)} x region {mult(l.regionMultiplier)}
                    </>
                  )}
                </p>
                <details className="mt-1 text-xs">
                  <summary className="cursor-pointer rounded text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300">
                    Price source
                  </summary>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">
                    <SourceText source={l.source} />
                  </p>
                </details>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        The same calculation runs on our server when you save, so the saved price matches this one to the
        cent.
      </p>
    </aside>
  );
}

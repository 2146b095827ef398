// The bids on the owner's estimate as a comparison: each provider's name, company, rating with its count and price
// accuracy, plan and usual response time (featured plans first, each group ranked by the published formula, as
// the server orders them), and for a bid with a quote every line of the estimate beside
// the estimate's own amount with the difference in dollars and percent, the lines more than 20 % above the estimate
// marked in words, the extras, and the total beside the customer's range. A bid without a quote reads "No price
// yet". Each quote downloads as a PDF; Accept (confirmed with the price) hires. One table per bid on a wide screen,
// the same table laid out as cards on a phone. The provider's verified badges show under the name, and View profile
// opens their public page (decision 0046).
import { useState } from 'react';
import { Link } from 'wouter';
import { canTransition } from '#domain/estimate-status';
import { formatMoney, formatWholeDollars, responseTimeLabel } from '#domain/format';
import { providerPlanDisplayName } from '#domain/plans';
import { QUOTE_LIMITS, QUOTE_MESSAGES, type ComparedQuote } from '#domain/schemas/quote.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { BadgeList } from '#web/features/pros/index.ts';
import { ProviderReviewsDialog, RatingSummary } from '#web/features/reviews/index.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { useEstimateBids } from '../api/bids.ts';
import type { Estimate } from '../api/types.ts';
import { AcceptBidDialog } from './AcceptBidDialog.tsx';
import {
  BIDS_HEADING_ID,
  bidderName,
  differenceText,
  formatDay,
  positionText,
  type BidItem,
} from './bid-format.ts';
import { formatDate } from './EstimateParts.tsx';

/** The priced range in whole dollars; a quote's amounts keep their cents (they are the price to pay). */
const money = formatWholeDollars;

const acceptId = (bidId: string) => `accept-${bidId}`;

const statusWords: Record<BidItem['status'], string> = {
  pending: 'Open',
  accepted: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

function startWindow(q: ComparedQuote): string | null {
  if (q.startFrom && q.startTo) return `${formatDay(q.startFrom)} to ${formatDay(q.startTo)}`;
  if (q.startFrom) return `From ${formatDay(q.startFrom)}`;
  if (q.startTo) return `By ${formatDay(q.startTo)}`;
  return null;
}

export function EstimateBids({ estimate }: { estimate: Estimate }) {
  const bids = useEstimateBids(estimate.id, estimate.status !== 'draft');
  const [confirm, setConfirm] = useState<BidItem | null>(null);
  if (estimate.status === 'draft') return null;
  // Accept shows where the status table lets accepting a bid hire (a posted estimate).
  const open = canTransition(estimate.status, 'acceptBid');

  let body;
  if (bids.isPending) body = <Spinner label="Loading bids" />;
  else if (bids.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
        <p>Failed to load bids.</p>
        <Button size="sm" variant="outline" onClick={() => void bids.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (bids.data.items.length === 0)
    body = (
      <p className="text-slate-700 dark:text-slate-300">
        No bids yet. Providers with access to this category can bid once it is posted.
      </p>
    );
  else
    body = (
      <ul aria-label="Bids" className="space-y-4">
        {bids.data.items.map((b) => (
          <BidCard key={b.id} bid={b} estimate={estimate} open={open} onAccept={() => setConfirm(b)} />
        ))}
      </ul>
    );

  return (
    <section
      aria-labelledby={BIDS_HEADING_ID}
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900 sm:p-5"
    >
      <h2
        id={BIDS_HEADING_ID}
        tabIndex={-1}
        className="rounded text-xl font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white"
      >
        Bids
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Your priced range: {money(estimate.minBudget)} – {money(estimate.maxBudget)} (estimate{' '}
        {money(estimate.finalEstimate)}). Each quote is set line by line against your estimate; lines more
        than {QUOTE_LIMITS.flagPercent}% above it are marked.
      </p>
      <div className="mt-4">{body}</div>
      <AcceptBidDialog
        estimate={estimate}
        bid={confirm}
        onClose={() => {
          // Back to the Accept button the dialog came from (the dialog is gone, so it cannot return focus itself).
          const from = confirm && document.getElementById(acceptId(confirm.id));
          setConfirm(null);
          if (from) requestAnimationFrame(() => from.focus());
        }}
      />
    </section>
  );
}

function BidCard({
  bid: b,
  estimate,
  open,
  onAccept,
}: {
  bid: BidItem;
  estimate: Estimate;
  open: boolean;
  onAccept: () => void;
}) {
  const q = b.quote;
  const headingId = `bid-${b.id}`;
  const expiredId = `bid-${b.id}-expired`;
  const expired = q?.expired ?? false;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
            {b.provider.name}
            {b.provider.companyName && (
              <span className="font-normal text-slate-700 dark:text-slate-300">
                {' '}
                · {b.provider.companyName}
              </span>
            )}
          </h3>
          {b.provider.reputation && (
            <p className="mt-1 flex flex-wrap items-center gap-x-3">
              <RatingSummary summary={b.provider.reputation} />
              <ProviderReviewsDialog
                providerId={b.provider.id}
                name={b.provider.name}
                count={b.provider.reputation.count}
              />
            </p>
          )}
          <BadgeList
            badges={b.provider.badges}
            label={`${b.provider.name}'s verified credentials`}
            className="mt-2"
          />
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {providerPlanDisplayName(b.provider.plan)}
            </span>
            {b.featured && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                Featured
              </span>
            )}
            {b.status !== 'pending' && (
              <span className="rounded-full border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:border-slate-600 dark:text-slate-200">
                {statusWords[b.status]}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {b.provider.medianResponseSeconds !== null
              ? responseTimeLabel(b.provider.medianResponseSeconds)
              : 'No response time yet'}
            {' · '}Bid on {formatDate(b.createdAt)}
            {q?.revisedAt && <> · Revised {formatDate(q.revisedAt)}</>}
          </p>
        </div>
        <div className="text-left sm:text-right">
          {q ? (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">Quote total</p>
              <p className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
                {formatMoney(q.total)}
              </p>
              <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{positionText(q)}</p>
            </>
          ) : (
            <p className="text-lg font-semibold text-slate-800 dark:text-slate-200">
              {QUOTE_MESSAGES.noPrice}
            </p>
          )}
        </div>
      </div>

      {q ? (
        <QuoteComparison quote={q} estimate={estimate} company={bidderName(b)} />
      ) : (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          This provider has not sent a priced quote. Ask for one in messages, or hire at a price you confirm.
        </p>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" asChild>
          <Link
            href={paths.conversation(estimate.id, b.provider.id)}
            aria-label={`Message ${b.provider.name}`}
          >
            Message
          </Link>
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link href={b.provider.profilePath} aria-label={`View profile of ${b.provider.name}`}>
            View profile
          </Link>
        </Button>
        {q && (
          <Button size="sm" variant="outline" asChild>
            <a href={paths.quotePdf(b.id)} download aria-label={`Download PDF of ${bidderName(b)}'s quote`}>
              Download PDF
            </a>
          </Button>
        )}
        {b.status === 'pending' && open && (
          <Button
            id={acceptId(b.id)}
            size="sm"
            onClick={onAccept}
            disabled={expired}
            aria-describedby={expired ? expiredId : undefined}
            aria-label={`Accept ${b.provider.name}'s bid`}
          >
            Accept
          </Button>
        )}
        {b.status === 'pending' && open && expired && (
          <p id={expiredId} className="text-sm font-medium text-red-700 dark:text-red-300">
            {QUOTE_MESSAGES.expired}
          </p>
        )}
      </div>
    </li>
  );
}

// On a phone the table's rows become cards: the column headers are read from the table by assistive technology
// (roles kept explicit so a block layout does not drop them) and shown beside each value.
const cell = 'px-3 py-2 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-1';
const num = 'text-right tabular-nums';

function Label({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="text-slate-600 dark:text-slate-400 sm:hidden">
      {children}
    </span>
  );
}

function QuoteComparison({
  quote: q,
  estimate,
  company,
}: {
  quote: ComparedQuote;
  estimate: Estimate;
  company: string;
}) {
  const start = startWindow(q);
  return (
    <>
      <table role="table" className="mt-4 w-full border-collapse text-sm max-sm:block">
        <caption className="sr-only">{company}&apos;s quote line by line against your estimate</caption>
        <thead className="max-sm:sr-only">
          <tr role="row" className="border-b border-slate-200 text-left dark:border-slate-700">
            <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">
              Line
            </th>
            <th role="columnheader" scope="col" className={cn('px-3 py-2 font-semibold', num)}>
              Your estimate
            </th>
            <th role="columnheader" scope="col" className={cn('px-3 py-2 font-semibold', num)}>
              Quote
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">
              Difference
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:block max-sm:space-y-2">
          {q.lines.map((l) => (
            <tr
              role="row"
              key={l.subtaskId}
              className={cn(
                'border-b border-slate-100 dark:border-slate-800 max-sm:block max-sm:rounded-md max-sm:border max-sm:px-3 max-sm:py-2',
                l.flagged && 'bg-amber-50 dark:bg-amber-950/40',
              )}
            >
              <th
                role="rowheader"
                scope="row"
                className="px-3 py-2 text-left font-medium text-slate-900 dark:text-white max-sm:block max-sm:px-0"
              >
                {l.subtask}
              </th>
              <td role="cell" className={cn(cell, num)}>
                <Label>Your estimate</Label>
                {formatMoney(l.estimateAmount)}
              </td>
              <td role="cell" className={cn(cell, num)}>
                <Label>Quote</Label>
                {l.amount === null ? (
                  <span className="italic text-slate-700 dark:text-slate-300">
                    {QUOTE_MESSAGES.notQuoted}
                  </span>
                ) : (
                  formatMoney(l.amount)
                )}
              </td>
              <td role="cell" className={cell}>
                <Label>Difference</Label>
                <span className="max-sm:text-right">
                  {l.amount === null || l.difference === null ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">None</span>
                    </>
                  ) : (
                    differenceText(l.difference, l.differencePercent)
                  )}
                  {l.flagged && (
                    <span className="ml-2 inline-flex items-center gap-1 rounded-full border border-amber-600 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100">
                      <span aria-hidden="true">⚠</span>
                      More than {QUOTE_LIMITS.flagPercent}% above your estimate
                    </span>
                  )}
                </span>
              </td>
            </tr>
          ))}
          {q.extras.map((x, i) => (
            <tr
              role="row"
              key={`extra-${i}`}
              className="border-b border-slate-100 dark:border-slate-800 max-sm:block max-sm:rounded-md max-sm:border max-sm:px-3 max-sm:py-2"
            >
              <th
                role="rowheader"
                scope="row"
                className="px-3 py-2 text-left font-medium text-slate-900 dark:text-white max-sm:block max-sm:px-0"
              >
                <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                  Extra
                </span>
                {x.label}
              </th>
              <td role="cell" className={cn(cell, num, 'text-slate-700 dark:text-slate-300')}>
                <Label>Your estimate</Label>
                Not in your estimate
              </td>
              <td role="cell" className={cn(cell, num)}>
                <Label>Quote</Label>
                {formatMoney(x.amount)}
              </td>
              <td role="cell" className={cell}>
                <Label>Difference</Label>
                <span>{formatMoney(x.amount)} more</span>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot role="rowgroup" className="max-sm:mt-2 max-sm:block">
          <tr role="row" className="font-semibold max-sm:block max-sm:px-3">
            <th role="rowheader" scope="row" className="px-3 py-2 text-left max-sm:block max-sm:px-0">
              Total
            </th>
            <td role="cell" className={cn(cell, num)}>
              <Label>Your range</Label>
              {money(estimate.minBudget)} – {money(estimate.maxBudget)}
            </td>
            <td role="cell" className={cn(cell, num)}>
              <Label>Quote</Label>
              {formatMoney(q.total)}
            </td>
            <td role="cell" className={cell}>
              <Label>Difference</Label>
              <span>{positionText(q)}</span>
            </td>
          </tr>
        </tfoot>
      </table>

      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Validity</dt>
          <dd
            className={cn(
              'font-medium',
              q.expired ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-white',
            )}
          >
            {q.expired
              ? `Expired (was valid until ${formatDay(q.validUntil)})`
              : `Valid until ${formatDay(q.validUntil)}`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Can start</dt>
          <dd className="font-medium text-slate-900 dark:text-white">{start ?? 'Not given'}</dd>
        </div>
        {q.exclusions && (
          <div className="sm:col-span-2">
            <dt className="text-slate-600 dark:text-slate-400">Not included</dt>
            <dd className="whitespace-pre-line text-slate-900 dark:text-white">{q.exclusions}</dd>
          </div>
        )}
        {q.note && (
          <div className="sm:col-span-2">
            <dt className="text-slate-600 dark:text-slate-400">Note from the provider</dt>
            <dd className="whitespace-pre-line break-words text-slate-900 dark:text-white">{q.note}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

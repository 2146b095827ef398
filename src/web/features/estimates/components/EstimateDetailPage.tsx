// /estimates/{id} and /estimate/{id}: title, Posted/Draft badge, final estimate and
// range, task, grade level, location, description, subtasks with the stored line-item breakdown (each unit price's
// source on demand); the owner's actions (one primary action for the status, the rest in a menu), where a posted one
// went, the bids compared with the estimate, and the owner's edit of the title and the description.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { findAutomotiveSubtask } from '#domain/catalog/automotive';
import { categoryLabel } from '#domain/catalog/categories';
import { findSubtask } from '#domain/catalog/home-repair';
import { formatMoney, formatWholeDollars } from '#domain/format';
import { findRegion, regionByLocation } from '#domain/regions/index';
import { ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { useEstimateJob } from '#web/features/jobs/index.ts';
import { CustomerFactsLine } from '#web/features/reviews/index.ts';
import { LazyEstimateSiteVisits } from '#web/features/site-visits/index.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import type { RouteParams } from '#web/lib/routing.ts';
import { useEstimate } from '../api/get-estimate.ts';
import type { Estimate, EstimateLineItem } from '../api/types.ts';
import {
  BidsBadge,
  ConfirmDeleteDialog,
  LOAD_ERROR,
  StatusBadge,
  formatDate,
  location,
} from './EstimateParts.tsx';
import { backLinkFor, PostedNotice } from './AllYourEstimates.tsx';
import { EstimatePictures } from './EstimatePictures.tsx';
import { EstimateDescription } from './EstimateTextForm.tsx';
import { LimitAlert } from './LimitAlert.tsx';
import { REGION_SOURCE, SourceText } from './price-sources.tsx';
import { useEstimateActions } from './useEstimateActions.tsx';
import { EstimateBids } from './EstimateBids.tsx';
import { EstimateOwnerActions } from './EstimateOwnerActions.tsx';

const mult = (n: number | undefined) =>
  n === undefined ? '' : `${n.toFixed(Number.isInteger(n * 100) ? 2 : 3)}x`;

function lineSource(l: EstimateLineItem): string {
  return (l.source || findSubtask(l.subtaskId)?.source) ?? findAutomotiveSubtask(l.subtaskId)?.source ?? '';
}

function subtaskName(id: string): string {
  return findSubtask(id)?.name ?? findAutomotiveSubtask(id)?.name ?? id;
}

export function EstimateDetailPage({ params }: { params: RouteParams }) {
  const id = params.id ?? '';
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const { data: e, isLoading, isError, error, refetch } = useEstimate(id);
  const actions = useEstimateActions({ onDeleted: () => navigate(paths.estimates) });

  if (isLoading) return <LoadingState />;
  if (isError || !e) {
    const status = parseApiError(error).status;
    if (status === 404 || status === 400 || !isError) return <NotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorState text={LOAD_ERROR} onRetry={() => void refetch()} />
      </div>
    );
  }

  const owner = user?.id === e.customerId;
  const back = backLinkFor(e, owner, user?.role);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p>
        <Link
          href={back.href}
          className="text-sm font-medium text-blue-700 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
        >
          ← {back.label}
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{e.title}</h1>
          <div className="mt-2 flex flex-wrap gap-2">
            <StatusBadge status={e.status} />
            <BidsBadge estimate={e} />
          </div>
        </div>
        <div className="text-left sm:text-right">
          <p className="text-sm text-slate-700 dark:text-slate-300">Final estimate</p>
          <p className="text-3xl font-bold text-slate-900 dark:text-white">{formatMoney(e.finalEstimate)}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Range {formatWholeDollars(e.minBudget)} to {formatWholeDollars(e.maxBudget)}
          </p>
        </div>
      </div>

      {owner && e.status === 'posted' && <PostedNotice className="mt-6" />}

      {actions.limitMessage && <LimitAlert className="mt-6" level="reached" message={actions.limitMessage} />}

      {owner && <EstimateOwnerActions estimate={e} actions={actions} />}

      {!owner && user?.role === 'provider' && e.status !== 'posted' && <HiredNotice estimateId={e.id} />}

      <section aria-labelledby="facts" className="mt-8">
        <h2 id="facts" className="sr-only">
          Details
        </h2>
        <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 sm:grid-cols-2 lg:grid-cols-4">
          <Fact term="Task" value={e.task} />
          <Fact term="Category" value={categoryLabel(e.category)} />
          <Fact term="Grade level" value={e.gradeLevel} />
          <Fact term="Location" value={location(e) || 'Not given'} />
          <Fact term="Created" value={formatDate(e.createdAt)} />
          {e.datePosted && <Fact term="Posted" value={formatDate(e.datePosted)} />}
          {!owner && e.customerName && (
            <Fact
              term="Posted by"
              value={
                <>
                  {e.customerName}
                  {/* A provider reads the customer's record beside the name (decision 0044). */}
                  {e.customerFacts && (
                    <span className="block font-normal">
                      <CustomerFactsLine facts={e.customerFacts} />
                    </span>
                  )}
                </>
              }
            />
          )}
        </dl>
      </section>

      <EstimateDescription key={e.id} estimate={e} owner={owner} />

      {owner && <EstimateBids estimate={e} />}

      {/* The site visit: the owner's answers; a bidder's visit and proposal (decision 0049). */}
      {(owner || (user?.role === 'provider' && e.status === 'posted')) && (
        <LazyEstimateSiteVisits
          estimate={{ id: e.id, zipCode: e.zipCode, state: e.state, region: e.region }}
          owner={owner}
        />
      )}

      <Breakdown estimate={e} />

      <EstimatePictures estimate={e} owner={owner} />

      <ConfirmDeleteDialog
        estimate={actions.toDelete}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
        pending={actions.deleting}
      />
    </div>
  );
}

/**
 * What the provider hired on this estimate reads once it is no longer posted (no one else can open it then): the
 * way to the job.
 */
function HiredNotice({ estimateId }: { estimateId: string }) {
  const job = useEstimateJob(estimateId, true);
  if (!job.data) return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-teal-200 bg-teal-50 p-4 text-teal-900 dark:border-teal-800 dark:bg-teal-950 dark:text-teal-100">
      <p>You were hired for this work.</p>
      <Button asChild variant="outline" size="sm">
        <Link href={paths.job(job.data.id)}>Go to the job</Link>
      </Button>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-medium text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

function Breakdown({ estimate: e }: { estimate: Estimate }) {
  const lines = e.lineItems;
  const region = e.region ? (regionByLocation(e.region) ?? findRegion(e.region)) : undefined;
  return (
    <section aria-labelledby="breakdown" className="mt-8">
      <h2 id="breakdown" className="text-xl font-semibold text-slate-900 dark:text-white">
        Subtasks and price breakdown
      </h2>
      {lines.length === 0 ? (
        <ul className="mt-3 list-inside list-disc text-slate-800 dark:text-slate-200">
          {e.subtaskIds.map((s, i) => (
            <li key={s}>{e.subtasks[i] ?? subtaskName(s)}</li>
          ))}
        </ul>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {lines.map((l) => (
            <li key={l.subtaskId} className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="font-medium text-slate-900 dark:text-white">{l.name}</span>
                <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
                  {formatMoney(l.amount)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {l.quantity.toLocaleString('en-US', { maximumFractionDigits: 3 })} {l.unit} x{' '}
                {formatMoney(l.unitPrice)}/{l.unit} x grade {mult(e.gradeMultiplier)}
                {e.category !== 'automotive' && ` x region ${mult(e.regionMultiplier)}`}
              </p>
              {lineSource(l) && (
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer rounded text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300">
                    Price source
                  </summary>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">
                    <SourceText source={lineSource(l)} />
                  </p>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {e.category === 'automotive' ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Grade {e.gradeLevel}: {mult(e.gradeMultiplier)}. Automotive prices are U.S. national averages; the
          region does not change them.
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Grade {e.gradeLevel}: {mult(e.gradeMultiplier)}. Regional multiplier for {e.region}:{' '}
          {mult(e.regionMultiplier)}
          {e.regionSource || region ? (
            <>
              {' '}
              (source: {REGION_SOURCE}, {e.regionSource || region?.source})
            </>
          ) : null}
          .
        </p>
      )}
    </section>
  );
}

function NotFound() {
  const { user } = useAuth();
  const back =
    user?.role === 'provider'
      ? { href: paths.tasks, label: 'Available Tasks' }
      : { href: paths.estimates, label: 'My Estimates' };
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Estimate not found</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        It may have been deleted, or it is not shared with you.
      </p>
      <Button asChild className="mt-6" variant="outline">
        <Link href={back.href}>Back to {back.label}</Link>
      </Button>
    </div>
  );
}

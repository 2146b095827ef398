// The Visit Analytics tab (decision 0014): the total, and from the 100 most
// recent visits the visits per day, the top 10 pages and traffic sources, the browser classes and the latest 20.
// States: loading, session expired (401), access denied (403), load error.
import { countOf } from '#domain/count-words';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { browserClass, formatAdminDate, trafficSource } from '#domain/format';
import { RECENT_VISITS_SHOWN, summarizeVisits, type Tally } from '#domain/visits';
import { EmptyState, LoadingState } from '#web/components/list/ListState.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { useVisits } from '../api/get-visits.ts';
import { adminTimeZone } from '../api/keys.ts';
import { ColumnHeads, TableBox, td } from './parts.tsx';
import { VisitsChart } from './VisitsChart.tsx';

const LOGIN_NEXT = `${paths.login}?next=${encodeURIComponent(paths.admin)}`;

function StateCard({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="mt-1">{text}</p>}
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}

export function AnalyticsTab() {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const { data, isLoading, isError, error, refetch, isFetching } = useVisits();
  const summary = useMemo(() => (data ? summarizeVisits(data.recent, timeZone) : null), [data, timeZone]);

  let body: ReactNode;
  if (isLoading) body = <LoadingState text="Loading analytics..." />;
  else if (isError || !data || !summary) {
    const status = parseApiError(error).status;
    body =
      status === 401 ? (
        <StateCard title="Session Expired" text="Please sign in again to view analytics.">
          <Link href={LOGIN_NEXT} className={buttonClasses('primary')}>
            Go to Login
          </Link>
        </StateCard>
      ) : status === 403 ? (
        <StateCard title="Access Denied - You do not have permission to view analytics." />
      ) : (
        <StateCard title="Unable to Load Analytics" text="The visit figures could not be loaded.">
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </StateCard>
      );
  } else {
    const recent = data.recent.slice(0, RECENT_VISITS_SHOWN);
    body = (
      <div className="space-y-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Stat label="Total visits" value={data.totalVisits} />
          <Stat label="Recent visits analysed" value={data.recent.length} />
          <Stat label="Days with visits" value={summary.perDay.length} />
        </dl>
        <Panel
          title="Visits per day"
          note={`From the ${countOf(data.recent.length, 'most recent visit')}, by day in ${timeZone}.`}
        >
          {summary.perDay.length === 0 ? (
            <EmptyState text="No visits recorded yet." />
          ) : (
            <>
              <VisitsChart data={summary.perDay} />
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-blue-700 dark:text-blue-300">
                  Show the figures as a table
                </summary>
                <TallyTable
                  label="Visits per day"
                  head={['Day', 'Visits']}
                  rows={summary.perDay.map((d) => ({ name: d.day, count: d.count }))}
                />
              </details>
            </>
          )}
        </Panel>
        <div className="grid gap-6 lg:grid-cols-3">
          <Panel title="Top pages">
            <TallyList label="Top pages" items={summary.topPages} />
          </Panel>
          <Panel title="Traffic sources">
            <TallyList label="Traffic sources" items={summary.sources} />
          </Panel>
          <Panel title="Browsers">
            <TallyList
              label="Browsers"
              items={Object.entries(summary.browsers).map(([name, count]) => ({ name, count }))}
              keepZero
            />
          </Panel>
        </div>
        <Panel title="Recent visits" note={`The latest ${recent.length}.`}>
          {recent.length === 0 ? (
            <EmptyState text="No visits recorded yet." />
          ) : (
            <TableBox label="Recent visits">
              <table className="w-full min-w-[44rem] border-collapse text-slate-900 dark:text-slate-100">
                <thead>
                  <tr>
                    <ColumnHeads names={['Time', 'Page', 'Source', 'Browser', 'IP address', 'Signed in']} />
                  </tr>
                </thead>
                <tbody>
                  {recent.map((v) => (
                    <tr key={v.id}>
                      <td className={cn(td, 'whitespace-nowrap')}>
                        {formatAdminDate(v.visitedAt, timeZone)}
                      </td>
                      <th scope="row" className={cn(td, 'break-all text-left font-normal')}>
                        {v.page}
                      </th>
                      <td className={cn(td, 'break-all')}>{trafficSource(v.referer)}</td>
                      <td className={td}>{browserClass(v.userAgent)}</td>
                      <td className={cn(td, 'whitespace-nowrap')}>{v.ipAddress ?? '—'}</td>
                      <td className={td}>{v.userId ? 'Yes' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
        </Panel>
      </div>
    );
  }

  return (
    <section aria-labelledby="analytics-heading" aria-busy={isFetching || undefined}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="analytics-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Visit Analytics
        </h2>
        {data && (
          <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        )}
      </div>
      {body}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}

function Panel({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      {note && <p className="text-xs text-slate-600 dark:text-slate-400">{note}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function TallyList({
  label,
  items,
  keepZero,
}: {
  label: string;
  items: readonly Tally[];
  keepZero?: boolean;
}) {
  const shown = keepZero ? items : items.filter((i) => i.count > 0);
  if (shown.length === 0)
    return <p className="text-sm text-slate-700 dark:text-slate-300">No visits recorded yet.</p>;
  const max = Math.max(1, ...shown.map((i) => i.count));
  return (
    <ol aria-label={label} className="space-y-2">
      {shown.map((i) => (
        <li key={i.name} className="text-sm">
          <div className="flex justify-between gap-2 text-slate-900 dark:text-slate-100">
            <span className="break-all">{i.name}</span>
            <span className="font-medium tabular-nums">{i.count}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-1.5 rounded bg-slate-100 dark:bg-slate-800">
            <div
              className="h-1.5 rounded bg-blue-700 dark:bg-blue-400"
              style={{ width: `${(i.count / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

function TallyTable({
  label,
  head,
  rows,
}: {
  label: string;
  head: [string, string];
  rows: readonly Tally[];
}) {
  return (
    <table
      aria-label={label}
      className="mt-2 w-full max-w-sm border-collapse text-slate-900 dark:text-slate-100"
    >
      <thead>
        <tr>
          <ColumnHeads names={head} />
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <th scope="row" className={cn(td, 'text-left font-normal')}>
              {r.name}
            </th>
            <td className={td}>{r.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

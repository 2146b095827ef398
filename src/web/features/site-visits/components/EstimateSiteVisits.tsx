// The estimate page's "Site visit" section (decision 0049). The owner sees each bidder's proposed or booked visit and
// answers it, then the last few that ended (a cancelled one with its reason); a provider with a pending bid sees
// theirs and, with none open, proposes up to three times. The times are typed in the job's time zone (named beside
// the fields), whatever the browser's zone: the customer reads the same clock time.
import { useId, useState, type FormEvent } from 'react';
import { isZip } from '#domain/geo';
import {
  jobTimeZone,
  openSiteVisitStatuses,
  SITE_VISIT_MAX_SLOTS,
  slotProblems,
  timeZoneName,
  wallTimeToInstant,
  type SiteVisitSlot,
} from '#domain/site-visits';
import { ErrorState } from '#web/components/list/ListState.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { fieldClasses, Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useZipPlace } from '#web/features/service-areas/index.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { usePendingBidOn, useProposeSiteVisit, useSiteVisits } from '../api/site-visits.ts';
import { SiteVisitCard } from './SiteVisitCard.tsx';

export interface EstimatePlace {
  id: string;
  zipCode: string;
  state: string;
  region: string;
}

const LENGTHS = [30, 60, 90, 120, 180, 240];
const lengthLabel = (m: number) =>
  m < 60 ? `${m} minutes` : m % 60 ? `${m / 60} hours` : `${m / 60} hour${m > 60 ? 's' : ''}`;

interface Row {
  local: string;
  minutes: number;
}

function ProposeVisitForm({ estimate, timeZone }: { estimate: EstimatePlace; timeZone: string }) {
  const id = useId();
  const propose = useProposeSiteVisit(estimate.id);
  const [rows, setRows] = useState<Row[]>([{ local: '', minutes: 60 }]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const zoneName = timeZoneName(new Date(), timeZone);

  const update = (i: number, patch: Partial<Row>) => {
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
    setProblems({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const local: Record<string, string> = {};
    const slots: SiteVisitSlot[] = rows.map((r, i) => {
      const at = wallTimeToInstant(r.local, timeZone);
      if (!at) local[`slots.${i}.start`] = 'Enter a start date and time';
      return { start: at ? at.toISOString() : '', minutes: r.minutes };
    });
    const found = {
      ...slotProblems(
        slots.filter((s) => s.start),
        new Date(),
      ),
      ...local,
    };
    if (Object.keys(found).length > 0) {
      setProblems(found);
      return;
    }
    propose.mutate(slots, {
      onSuccess: () => {
        toast({ title: 'Visit times sent to the customer' });
        setRows([{ local: '', minutes: 60 }]);
      },
      onError: (err) => {
        const parsed = parseApiError(err);
        setProblems(parsed.fields);
        setError(parsed.message ?? 'Could not send the times. Please try again.');
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">Propose a site visit</h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Up to {SITE_VISIT_MAX_SLOTS} times within the next 60 days, in the job’s local time (
        {timeZone.replace(/_/g, ' ')}, {zoneName}). The customer picks one.
      </p>
      <div className="mt-3 space-y-3">
        {rows.map((r, i) => {
          const startId = `${id}-start-${i}`;
          const lengthId = `${id}-length-${i}`;
          const startError = problems[`slots.${i}.start`];
          const lengthError = problems[`slots.${i}.minutes`];
          return (
            <fieldset key={i} className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
              <legend className="sr-only">Time {i + 1}</legend>
              <div>
                <Label htmlFor={startId}>
                  Time {i + 1} ({zoneName})
                </Label>
                <Input
                  id={startId}
                  type="datetime-local"
                  className="mt-1"
                  value={r.local}
                  aria-invalid={startError ? true : undefined}
                  aria-describedby={startError ? fieldErrorId(startId) : undefined}
                  onChange={(e) => update(i, { local: e.target.value })}
                />
                <FieldError id={startId} message={startError} />
              </div>
              <div>
                <Label htmlFor={lengthId}>Length</Label>
                <select
                  id={lengthId}
                  className={`${fieldClasses} mt-1 h-10`}
                  value={r.minutes}
                  aria-invalid={lengthError ? true : undefined}
                  onChange={(e) => update(i, { minutes: Number(e.target.value) })}
                >
                  {LENGTHS.map((m) => (
                    <option key={m} value={m}>
                      {lengthLabel(m)}
                    </option>
                  ))}
                </select>
                <FieldError id={lengthId} message={lengthError} />
              </div>
              {rows.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove time ${i + 1}`}
                  onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              )}
            </fieldset>
          );
        })}
      </div>
      {problems.slots && <FieldError id={`${id}-slots`} message={problems.slots} />}
      {error && (
        <Alert variant="destructive" className="mt-3">
          {error}
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {rows.length < SITE_VISIT_MAX_SLOTS && (
          <Button
            type="button"
            variant="outline"
            onClick={() => setRows((rs) => [...rs, { local: '', minutes: 60 }])}
          >
            Add another time
          </Button>
        )}
        <Button type="submit" disabled={propose.isPending}>
          {propose.isPending ? 'Sending…' : 'Send times'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The section: `owner` for the customer; otherwise (a provider on a posted estimate) only with a pending bid on it.
 * Nothing for anyone else.
 */
export function EstimateSiteVisits({ estimate, owner }: { estimate: EstimatePlace; owner: boolean }) {
  const bid = usePendingBidOn(estimate.id, !owner);
  const canPropose = !owner && bid.pending;
  const visits = useSiteVisits({ estimateId: estimate.id, pageSize: 20 }, owner || canPropose);
  const zip = estimate.zipCode.trim();
  const zipWanted = canPropose && isZip(zip);
  const zipPlace = useZipPlace(zip, zipWanted);
  if (!owner && !canPropose) return null;
  const timeZone = jobTimeZone({
    zipTimeZone: zipPlace.data?.timeZone,
    zipCode: estimate.zipCode,
    state: estimate.state,
    regionLabel: estimate.region,
  });
  // The form reads typed times in the zone the server will fix on the visit: it waits for the ZIP code's.
  const zoneSettled = !zipWanted || !zipPlace.isPending;
  const items = visits.data?.items ?? [];
  const open = items.filter((v) => openSiteVisitStatuses.includes(v.status));
  // The owner sees every open visit, then the last few that ended (cancelled with their reason, declined, done);
  // a bidder their latest three.
  const shown = owner ? open : items.slice(0, 3);
  const ended = owner ? items.filter((v) => !openSiteVisitStatuses.includes(v.status)).slice(0, 3) : [];
  const hasOpen = open.length > 0;
  return (
    <section aria-labelledby="site-visit" className="mt-8">
      <h2 id="site-visit" className="text-xl font-semibold text-slate-900 dark:text-white">
        Site visit
      </h2>
      <div className="mt-3 space-y-3">
        {visits.isLoading ? (
          <p role="status" className="text-slate-700 dark:text-slate-300">
            Loading visits…
          </p>
        ) : visits.isError ? (
          <ErrorState text="Could not load the site visits." onRetry={() => void visits.refetch()} />
        ) : (
          <>
            {shown.map((v) => (
              <SiteVisitCard key={v.id} visit={v} />
            ))}
            {owner && open.length === 0 && (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {ended.length > 0
                  ? 'No visit is open.'
                  : 'No visit proposed yet. A provider who bid can propose times to come and look; you pick one.'}
              </p>
            )}
            {ended.map((v) => (
              <SiteVisitCard key={v.id} visit={v} />
            ))}
            {!owner && canPropose && !hasOpen && zoneSettled && (
              <ProposeVisitForm estimate={estimate} timeZone={timeZone} />
            )}
          </>
        )}
      </div>
    </section>
  );
}

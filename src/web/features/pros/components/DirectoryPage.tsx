// /pros, public (decision 0046): the pro directory. Filters (category, city, a rating of at least 3, 4 or 4.5,
// verified pros only) and the order (best match is the published ranking; newest; most jobs) live in the address,
// so a filtered list can be shared and Back returns to it; the server pages the list (featured plans first, as
// /how-ranking-works says). Loading, error and empty states as every list has them.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { taskCategoryIds, categoryLabel } from '#domain/catalog/categories';
import { isZip, isZipOrEmpty, SERVICE_RADII, ZIP_MESSAGE } from '#domain/geo';
import { EmptyState, ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { directorySortValues, useDirectory, type DirectoryParams, type DirectorySort } from '../api/pros.ts';
import { ProCard } from './ProCard.tsx';

const selectClasses =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:border-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus-visible:ring-blue-400';

const sortLabels: Record<DirectorySort, string> = {
  ranking: 'Best match',
  newest: 'Newest',
  jobs: 'Most jobs',
};
const ratingChoices = ['3', '4', '4.5'] as const;
const radiusChoices: readonly string[] = SERVICE_RADII.map(String);

/** What the address says, each value checked: an unknown one reads as no filter. */
export function readDirectoryParams(search: URLSearchParams): DirectoryParams {
  const category = search.get('category') ?? '';
  const sort = search.get('sort') ?? '';
  const minRating = search.get('minRating') ?? '';
  const typedNear = search.get('near')?.trim() ?? '';
  const near = isZip(typedNear) ? typedNear : undefined;
  const radius = search.get('radius') ?? '';
  return {
    category: (taskCategoryIds as readonly string[]).includes(category) ? category : undefined,
    city: search.get('city')?.trim() || undefined,
    minRating: (ratingChoices as readonly string[]).includes(minRating) ? minRating : undefined,
    verified: search.get('verified') === 'true' || undefined,
    near,
    radius: near && radiusChoices.includes(radius) ? radius : undefined,
    sort: (directorySortValues as readonly string[]).includes(sort) ? (sort as DirectorySort) : 'ranking',
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
  };
}

const anyText = () => true;

/**
 * A typed filter: its text, put into the address (`name`) once typing pauses and `accept` takes it. `reset` sets
 * the text as already applied (a cleared form, or Enter, which applies it at once).
 */
function useTypedFilter(
  inAddress: string,
  name: 'city' | 'near',
  update: (patch: Partial<Record<'city' | 'near', string>>) => void,
  accept: (typed: string) => boolean = anyText,
) {
  const [text, setText] = useState(inAddress);
  const typed = useDebounced(text.trim());
  const applied = useRef(typed);
  useEffect(() => {
    if (typed === applied.current) return;
    applied.current = typed;
    if (typed !== inAddress && accept(typed)) update({ [name]: typed });
  }, [typed, inAddress, name, update, accept]);
  const reset = (value: string) => {
    setText(value);
    applied.current = value;
  };
  return { text, setText, reset };
}

export function DirectoryPage() {
  const [search, setSearch] = useSearchParams();
  const params = readDirectoryParams(search);
  const query = useDirectory(params);
  const ids = useId();

  /** Changes the address: a filter or the order goes back to page 1. */
  const update = useCallback(
    (
      patch: Partial<
        Record<'category' | 'city' | 'minRating' | 'verified' | 'near' | 'radius' | 'sort' | 'page', string>
      >,
    ) =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      }),
    [setSearch],
  );

  // The city applies once typing pauses (or at once with Enter); the ZIP code once it has five digits or is emptied.
  const city = useTypedFilter(params.city ?? '', 'city', update);
  const near = useTypedFilter(params.near ?? '', 'near', update, isZipOrEmpty);
  const cityText = city.text;
  const nearText = near.text;
  // Five digits the ZIP data does not know: the server's 400 names `near`, said under the field.
  const nearRejected = query.isError ? parseApiError(query.error).fields.near : undefined;
  const nearError = isZipOrEmpty(nearText.trim()) ? nearRejected : ZIP_MESSAGE;

  const filtered = Boolean(
    params.category || params.city || params.minRating || params.verified || params.near,
  );
  const clear = () => {
    city.reset('');
    near.reset('');
    setSearch(params.sort === 'ranking' ? {} : { sort: params.sort });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    city.reset(cityText.trim());
    update({ city: cityText.trim() });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Find a pro</h1>
        <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
          Pros rated by the customers whose jobs they finished, with their licenses and insurance checked by
          us. Pros on a featured plan are listed first:{' '}
          <Link
            href={paths.howRankingWorks}
            className="font-medium text-blue-700 underline dark:text-blue-300"
          >
            how ranking works
          </Link>
          .
        </p>
      </div>

      <form
        role="search"
        aria-label="Filter pros"
        onSubmit={submit}
        className="mb-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-category`}>Category</Label>
          <select
            id={`${ids}-category`}
            className={selectClasses}
            value={params.category ?? ''}
            onChange={(e) => update({ category: e.target.value })}
          >
            <option value="">All categories</option>
            {taskCategoryIds.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-city`}>City</Label>
          <Input
            id={`${ids}-city`}
            type="search"
            value={cityText}
            onChange={(e) => city.setText(e.target.value)}
            placeholder="Any city"
            autoComplete="address-level2"
            enterKeyHint="search"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-near`}>Near ZIP code</Label>
          <Input
            id={`${ids}-near`}
            type="search"
            inputMode="numeric"
            maxLength={5}
            value={nearText}
            onChange={(e) => near.setText(e.target.value)}
            placeholder="Any place"
            autoComplete="postal-code"
            enterKeyHint="search"
            aria-invalid={nearError ? true : undefined}
            aria-describedby={nearError ? fieldErrorId(`${ids}-near`) : undefined}
          />
          <FieldError id={`${ids}-near`} message={nearError} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-radius`}>Distance</Label>
          <select
            id={`${ids}-radius`}
            className={selectClasses}
            value={params.radius ?? ''}
            disabled={!params.near}
            aria-describedby={params.near ? undefined : `${ids}-radius-hint`}
            onChange={(e) => update({ radius: e.target.value })}
          >
            <option value="">Any distance</option>
            {radiusChoices.map((r) => (
              <option key={r} value={r}>
                Within {r} miles
              </option>
            ))}
          </select>
          {!params.near && (
            <p id={`${ids}-radius-hint`} className="text-xs text-slate-700 dark:text-slate-300">
              Enter a ZIP code to choose a distance.
            </p>
          )}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-rating`}>Rating</Label>
          <select
            id={`${ids}-rating`}
            className={selectClasses}
            value={params.minRating ?? ''}
            onChange={(e) => update({ minRating: e.target.value })}
          >
            <option value="">Any rating</option>
            {ratingChoices.map((r) => (
              <option key={r} value={r}>
                {r} stars or more
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-sort`}>Sort by</Label>
          <select
            id={`${ids}-sort`}
            className={selectClasses}
            value={params.sort}
            onChange={(e) => update({ sort: e.target.value === 'ranking' ? '' : e.target.value })}
          >
            {directorySortValues.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-3">
          <Checkbox
            id={`${ids}-verified`}
            checked={params.verified ?? false}
            onCheckedChange={(v) => update({ verified: v ? 'true' : '' })}
          />
          <Label htmlFor={`${ids}-verified`}>Verified pros only (a license or insurance we checked)</Label>
        </div>
      </form>

      <Results
        query={query}
        nearRejected={nearRejected}
        filtered={filtered}
        onClear={clear}
        onPage={(p) => update({ page: p > 1 ? String(p) : '' })}
      />
    </div>
  );
}

function Results({
  query,
  nearRejected,
  filtered,
  onClear,
  onPage,
}: {
  query: ReturnType<typeof useDirectory>;
  nearRejected: string | undefined;
  filtered: boolean;
  onClear: () => void;
  onPage: (page: number) => void;
}) {
  if (query.isPending) return <LoadingState text="Loading pros..." />;
  if (query.isError && nearRejected) {
    return (
      <EmptyState text="No pros can be measured from this ZIP code">
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      </EmptyState>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        text="The pros could not be loaded. Please try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  const data = query.data;
  if (data.total > 0 && data.items.length === 0) {
    return (
      <EmptyState text="This page is past the end of the list">
        <Button variant="outline" onClick={() => onPage(1)}>
          First page
        </Button>
      </EmptyState>
    );
  }
  if (data.total === 0) {
    return filtered ? (
      <EmptyState text="No pros match these filters">
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState text="No pros are listed yet" />
    );
  }
  const { pageCount, from, to } = pageRange(data.page, data.pageSize, data.total);
  const status = `Showing ${from} to ${to} of ${data.total} ${data.total === 1 ? 'pro' : 'pros'}`;
  return (
    <>
      <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60' : undefined}>
        <ul aria-label="Pros" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.items.map((p) => (
            <li key={p.id}>
              <ProCard pro={p} />
            </li>
          ))}
        </ul>
      </div>
      {pageCount > 1 ? (
        <Pager label="Pages of pros" page={data.page} pageCount={pageCount} onPage={onPage}>
          {status}
        </Pager>
      ) : (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {status}
        </p>
      )}
    </>
  );
}

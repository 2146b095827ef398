// /projects: the live project list with category and city filters, Jacksonville by
// default, paged on the server. The filters live in the address (?city=&category=&page=) so a filtered list
// can be shared and the back button works. Quick city choices sit above the filters: a signed-in user's own city
// (from their profile) first when it is another one, then Jacksonville and "All cities"; the empty list says which
// city it shows and how to change it.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import type { Profile } from '#domain/schemas/account.schema';
import { categoryLabel, DEFAULT_PROJECT_CITY, taskCategoryIds } from '#domain/catalog/categories';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { apiJson } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { useProjectCities } from '../api/get-project-cities.ts';
import { useProjects } from '../api/get-projects.ts';
import { ProjectGrid } from './ProjectCard.tsx';
import { EmptyState, LoadError, LoadingProjects, PageHeading, selectClasses } from './states.tsx';

export const PROJECTS_PAGE_SIZE = 12;
const ALL = 'all';

/** The signed-in user's city from their profile (the same cache entry the account screens read), if any. */
function useProfileCity(): string | null {
  const { user } = useAuth();
  const profile = useQuery({
    queryKey: ['/api/profile'],
    queryFn: () => apiJson<Profile>('GET', '/api/profile'),
    enabled: user !== null,
    staleTime: 5 * 60 * 1000,
  });
  return (user && profile.data?.city?.trim()) || null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function ProjectsPage() {
  const [search, setSearch] = useSearchParams();
  const city = search.get('city') ?? DEFAULT_PROJECT_CITY;
  const category = search.get('category') ?? ALL;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const cities = useProjectCities();
  const query = useProjects({
    city: city === ALL ? undefined : city,
    category: category === ALL ? undefined : category,
    page,
    pageSize: PROJECTS_PAGE_SIZE,
  });
  const cityId = useId();
  const categoryId = useId();
  const profileCity = useProfileCity();
  // The quick choices: their own city first when it is not the default, the default, then every city.
  const quick = [
    ...(profileCity && !same(profileCity, DEFAULT_PROJECT_CITY) ? [profileCity] : []),
    DEFAULT_PROJECT_CITY,
    ALL,
  ];

  const setFilter = (key: 'city' | 'category' | 'page', value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set(key, value);
      if (key !== 'page') next.delete('page');
      return next;
    });

  const cityOptions = (() => {
    const seen = new Map<string, string>();
    const add = (c: string) => {
      if (!seen.has(c.toLowerCase())) seen.set(c.toLowerCase(), c);
    };
    if (profileCity) add(profileCity);
    add(DEFAULT_PROJECT_CITY);
    for (const c of cities.data?.live ?? []) add(c.city);
    if (city !== ALL) add(city);
    return [...seen.values()];
  })();
  const liveCount = new Map((cities.data?.live ?? []).map((c) => [c.city.toLowerCase(), c.count]));

  const data = query.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROJECTS_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PROJECTS_PAGE_SIZE + 1;
  const last = Math.min(total, page * PROJECTS_PAGE_SIZE);
  const where = city === ALL ? 'all cities' : city;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeading
        title="Live Projects"
        intro="Projects open for offers. Pick a city and a category to narrow the list."
        actions={
          <Link href={paths.post} className={buttonClasses('primary')}>
            Post My Project
          </Link>
        }
      />
      <div role="group" aria-label="Quick city choice" className="mb-4 flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-800 dark:text-slate-200">Show projects in:</span>
        {quick.map((c) => {
          const pressed = c === ALL ? city === ALL : city !== ALL && same(city, c);
          return (
            <button
              key={c}
              type="button"
              aria-pressed={pressed}
              onClick={() => setFilter('city', c)}
              className={cn(
                'min-h-10 rounded-full border px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                pressed
                  ? 'border-blue-700 bg-blue-700 text-white'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              {c === ALL ? 'All cities' : c}
              {c !== ALL && profileCity && same(c, profileCity) && !same(c, DEFAULT_PROJECT_CITY) && (
                <>
                  {' '}
                  <span className="sr-only">(your city)</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      <form
        role="search"
        aria-label="Filter projects"
        className="mb-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 md:max-w-2xl dark:border-slate-800 dark:bg-slate-900"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="space-y-1.5">
          <Label htmlFor={cityId}>City</Label>
          <select
            id={cityId}
            className={selectClasses}
            value={
              city === ALL ? ALL : (cityOptions.find((c) => c.toLowerCase() === city.toLowerCase()) ?? city)
            }
            onChange={(e) => setFilter('city', e.target.value)}
          >
            <option value={ALL}>All cities</option>
            {cityOptions.map((c) => (
              <option key={c} value={c}>
                {c}
                {liveCount.has(c.toLowerCase()) ? ` (${liveCount.get(c.toLowerCase())})` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={categoryId}>Category</Label>
          <select
            id={categoryId}
            className={selectClasses}
            value={category.toLowerCase()}
            onChange={(e) => setFilter('category', e.target.value)}
          >
            <option value={ALL}>All categories</option>
            {taskCategoryIds.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {query.isPending ? (
        <LoadingProjects />
      ) : query.isError ? (
        <LoadError text="Failed to load projects." onRetry={() => void query.refetch()} />
      ) : total === 0 ? (
        <EmptyState title="No projects match your filters.">
          <p>
            This list shows live projects in <strong>{where}</strong>
            {category === ALL ? '' : ` for ${categoryLabel(category)}`}, and none are open there yet.
          </p>
          <p className="mt-1">
            {city === ALL
              ? 'Choose another category above, or '
              : 'To see more, choose another city in the City list above or “All cities”, or '}
            <Link href={paths.post} className="font-medium text-blue-700 underline dark:text-blue-300">
              post a project
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            Showing {first} to {last} of {total} {total === 1 ? 'project' : 'projects'} in {where}
          </p>
          <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60' : undefined}>
            <ProjectGrid projects={data?.projects ?? []} />
          </div>
          {pages > 1 && (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
              <Button
                variant="outline"
                disabled={page <= 1}
                onClick={() => setFilter('page', String(page - 1))}
              >
                Previous
              </Button>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                disabled={page >= pages}
                onClick={() => setFilter('page', String(page + 1))}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

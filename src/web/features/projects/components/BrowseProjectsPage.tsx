// /browse: the public project list with a client-side search by title, category or
// city. No account needed.
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { paths } from '#web/lib/paths.ts';
import { usePublicProjects } from '../api/get-public-projects.ts';
import { matchesSearch } from '../format.ts';
import { ProjectGrid } from './ProjectCard.tsx';
import { EmptyState, LoadError, LoadingProjects, PageHeading } from './states.tsx';

export function BrowseProjectsPage() {
  const query = usePublicProjects();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const all = query.data?.projects;
  const shown = useMemo(() => (all ?? []).filter((p) => matchesSearch(p, deferred)), [all, deferred]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeading
        title="Browse Projects"
        intro="Home projects posted by people near you. Search by title, category or city."
        actions={
          <>
            <Link href={paths.projects} className={buttonClasses('outline')}>
              Filter live projects
            </Link>
            <Link href={paths.post} className={buttonClasses('primary')}>
              Post My Project
            </Link>
          </>
        }
      />
      <div className="mb-6 max-w-md space-y-1.5">
        <Label htmlFor="browse-search">Search projects</Label>
        <Input
          id="browse-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Title, category or city"
          autoComplete="off"
        />
      </div>
      {query.isPending ? (
        <LoadingProjects />
      ) : query.isError ? (
        <LoadError text="Failed to load projects." onRetry={() => void query.refetch()} />
      ) : (all ?? []).length === 0 ? (
        <EmptyState title="No projects posted yet.">
          <p>
            Be the first:{' '}
            <Link href={paths.post} className="font-medium text-blue-700 underline dark:text-blue-300">
              post your project
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {shown.length === 1 ? '1 project' : `${shown.length} projects`}
            {deferred.trim() ? ` matching “${deferred.trim()}”` : ''}
          </p>
          {shown.length === 0 ? (
            <EmptyState title="No projects match your search.">
              <p>Try another word, or clear the search.</p>
            </EmptyState>
          ) : (
            <ProjectGrid projects={shown} />
          )}
        </>
      )}
    </div>
  );
}

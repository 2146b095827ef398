// The customer dashboard's "My projects": the projects she posted through /post (newest first: title, city, offers
// received, live or closed), each linking to its page, where she reads the offers and can close it. Loaded lazily
// by the dashboard through this feature's front door.
import { Link } from 'wouter';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { useMyProjects } from '../api/get-my-projects.ts';
import { postedDate } from '../format.ts';
import { offersText } from './ProjectCard.tsx';

export function MyProjects() {
  const query = useMyProjects();
  const data = query.data;
  let body;
  if (query.isPending) {
    body = (
      <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
        Loading your projects...
      </p>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-red-800 dark:text-red-300">
        <p>Error loading your projects. Please try again.</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (query.data.projects.length === 0) {
    body = (
      <div className="mt-4 text-slate-700 dark:text-slate-300">
        <p>No projects yet. Post one and local providers send you offers.</p>
        <Link href={paths.post} className={buttonClasses('outline', 'sm', 'mt-3')}>
          Post My Project
        </Link>
      </div>
    );
  } else {
    const data = query.data;
    body = (
      <>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {data.projects.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3">
              <div className="min-w-0">
                <Link
                  href={paths.project(p.id)}
                  className="block truncate rounded font-medium text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white"
                >
                  {p.title}
                </Link>
                <span className="text-xs text-slate-700 dark:text-slate-300">
                  {p.categoryLabel} · {p.city} · <time dateTime={p.createdAt}>{postedDate(p.createdAt)}</time>
                </span>
              </div>
              <div className="flex shrink-0 items-center gap-2 text-sm">
                <span className="font-semibold text-slate-900 dark:text-white">
                  {offersText(p.messageCount)}
                </span>
                <span
                  className={
                    p.status === 'live'
                      ? 'rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-200'
                      : 'rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200'
                  }
                >
                  {p.status === 'live' ? 'Live' : 'Closed'}
                </span>
              </div>
            </li>
          ))}
        </ul>
        {data.total > data.projects.length && (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Showing your {data.projects.length} newest of {data.total} projects.
          </p>
        )}
      </>
    );
  }
  return (
    <section
      aria-labelledby="my-projects"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-2">
          <h2 id="my-projects" className="text-lg font-semibold text-slate-900 dark:text-white">
            My projects
          </h2>
          {data && data.live > 0 && (
            <span className="text-sm text-slate-700 dark:text-slate-300">{data.live} live</span>
          )}
        </div>
        <Link
          href={paths.post}
          className="rounded text-sm font-medium text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
        >
          Post a project
        </Link>
      </div>
      {body}
    </section>
  );
}

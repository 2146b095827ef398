import { Link } from 'wouter';
import type { PublicProject } from '#domain/schemas/project.schema';
import { MessageIcon } from '#web/components/ui/icons.tsx';
import { focusRing } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { budgetText, postedDate } from '../format.ts';

export function CategoryBadge({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900 dark:bg-blue-950 dark:text-blue-100">
      {label}
    </span>
  );
}

export function offersText(n: number): string {
  return n === 0 ? 'No offers yet' : n === 1 ? '1 offer' : `${n} offers`;
}

/** One project in a list: the title links to its page. */
export function ProjectCard({ project, headingLevel = 2 }: { project: PublicProject; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge label={project.categoryLabel} />
        <span className="text-sm text-slate-600 dark:text-slate-400">{project.city}</span>
      </div>
      <Heading className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
        <Link
          href={paths.project(project.id)}
          className={cn('rounded-sm after:absolute after:inset-0 hover:underline', focusRing)}
        >
          {project.title}
        </Link>
      </Heading>
      {project.description && (
        <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{project.description}</p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4 text-sm">
        <span className="font-semibold text-slate-900 dark:text-white">
          {budgetText(project.minBudget, project.maxBudget)}
        </span>
        <span className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <span className="inline-flex items-center gap-1">
            <MessageIcon className="h-4 w-4" aria-hidden="true" /> {offersText(project.messageCount)}
          </span>
          <time dateTime={project.createdAt}>{postedDate(project.createdAt)}</time>
        </span>
      </div>
    </li>
  );
}

export function ProjectGrid({ projects }: { projects: readonly PublicProject[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((p) => (
        <ProjectCard key={p.id} project={p} />
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';

export const LEGAL_EFFECTIVE_DATE = 'September 25, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        Effective date: {LEGAL_EFFECTIVE_DATE}
      </p>
      <div className="mt-6 text-slate-800 dark:text-slate-200">{intro}</div>
      <nav
        aria-label="Contents"
        className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      >
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
          Contents
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-blue-700 hover:underline dark:text-blue-300">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-24">
          <h2 id={`${s.id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
            {i + 1}. {s.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-800 dark:text-slate-200 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
            {s.body}
          </div>
        </section>
      ))}
    </article>
  );
}

// The Export Data tab: the estimate catalogue as CSV or JSON. The browser
// downloads the file itself (the server names it and marks it an attachment); "Download Started" confirms.
import { buttonClasses } from '#web/components/ui/button.tsx';
import { FileIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/components/ui/use-toast.ts';

const downloads = [
  {
    href: '/api/admin/estimate-catalog.csv',
    label: 'Download CSV',
    text: 'Opens in any spreadsheet program. Cells that could run as formulas are neutralised.',
  },
  {
    href: '/api/admin/estimate-catalog.json',
    label: 'Download JSON',
    text: 'The same rows for other programs, with the column list and the export time.',
  },
] as const;

export function ExportTab() {
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Export Data
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The estimate catalogue: categories, subtasks, unit prices, measurement units, calculation equations,
        and whether each item is active (with notes).
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {downloads.map((d) => (
          <li
            key={d.href}
            className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-sm text-slate-700 dark:text-slate-300">{d.text}</p>
            <a
              href={d.href}
              download
              className={buttonClasses('primary', 'md', 'mt-4')}
              onClick={() =>
                toast({
                  title: 'Download Started',
                  description: 'Your browser is saving the estimate catalogue.',
                  variant: 'success',
                })
              }
            >
              <FileIcon className="h-4 w-4" />
              {d.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

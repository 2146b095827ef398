import { Link } from 'wouter';
import { paths } from '#web/lib/paths.ts';

const link =
  'text-sm text-slate-700 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          © {new Date().getFullYear()} HomeFix Marketplace. Made for homeowners and the pros they trust.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link href={paths.privacyPolicy} className={link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href={paths.termsOfService} className={link}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link href={paths.pros} className={link}>
                Find a pro
              </Link>
            </li>
            <li>
              <Link href={paths.costGuides} className={link}>
                Cost guides
              </Link>
            </li>
            <li>
              <Link href={paths.howRankingWorks} className={link}>
                How ranking works
              </Link>
            </li>
            <li>
              <Link href={paths.feedback} className={link}>
                Feedback
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

// The admin tools' answer to an admin who must turn two-step verification on first (ADMIN_TWO_STEP=required,
// decision 0028): the session says so (`twoStepSetupRequired`), and the guards show this card in place of the screen,
// inside the role's navigation. The server refuses the same routes with 403 TWO_STEP_REQUIRED.
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';

export const TWO_STEP_REQUIRED_HEADING = 'Turn on two-step verification';
export const TWO_STEP_REQUIRED_TEXT =
  'This site requires admins to sign in with two-step verification before they can use the admin tools, because those tools can see and change every account.';
export const TWO_STEP_REQUIRED_ACTION = 'Set up two-step verification';

export function TwoStepRequired({ area = 'Admin Panel' }: { area?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-20">
      <Card className="text-center">
        <ShieldIcon className="mx-auto h-12 w-12 text-blue-700 dark:text-blue-300" />
        <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {area}
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {TWO_STEP_REQUIRED_HEADING}
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{TWO_STEP_REQUIRED_TEXT}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href={paths.settingsTwoStep} className={buttonClasses('primary', 'md')}>
            {TWO_STEP_REQUIRED_ACTION}
          </Link>
        </div>
      </Card>
    </div>
  );
}

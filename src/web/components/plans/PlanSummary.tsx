// One plan as every plan screen describes it (the landing page, /customer/subscription, /subscription and
// /account): its name as a heading, the price, who it is for and what it includes. The screens add their own
// badges, notes and buttons around it.
import type { PlanDescription } from '#domain/plan-words';
import { CheckIcon } from '#web/components/ui/icons.tsx';

export function PlanSummary({ plan, headingId }: { plan: PlanDescription; headingId?: string }) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {plan.name}
        </h3>
        <p className="text-xl font-bold text-slate-900 dark:text-white">{plan.price}</p>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{plan.blurb}</p>
      <ul
        aria-label={`${plan.name} includes`}
        className="mt-4 flex-1 space-y-2 text-sm text-slate-800 dark:text-slate-200"
      >
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" />
            {f}
          </li>
        ))}
      </ul>
    </>
  );
}

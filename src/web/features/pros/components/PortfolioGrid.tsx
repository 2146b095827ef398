// The pro's portfolio (decision 0046): photos in their owner's order with their captions; a photo taken from one
// of the pro's completed jobs here carries "Verified job · Plumbing · March 2026", an uploaded one does not. Each
// image declares its size, so nothing moves as it arrives, and loads lazily (the grid sits below the fold).
import type { PortfolioItem } from '#domain/schemas/pro-profile.schema';
import { CheckIcon } from '#web/components/ui/icons.tsx';
import { verifiedJobText } from '../format.ts';

export function PortfolioGrid({ items, owner }: { items: readonly PortfolioItem[]; owner: string }) {
  const sorted = [...items].sort((a, b) => a.position - b.position);
  return (
    <ul
      aria-label={`Photos of ${owner}'s work`}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {sorted.map((item, i) => {
        const verified = verifiedJobText(item);
        return (
          <li key={item.id}>
            <figure className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
              <img
                src={item.url}
                width={item.width}
                height={item.height}
                loading="lazy"
                decoding="async"
                // The caption follows in the figure's caption: the alternative text does not repeat it.
                alt={`Photo ${i + 1} of ${owner}'s work`}
                className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover dark:bg-slate-800"
              />
              {(verified || item.caption) && (
                <figcaption className="space-y-1 p-3 text-sm">
                  {verified && (
                    <span className="flex items-center gap-1 font-semibold text-green-800 dark:text-green-300">
                      <CheckIcon className="h-4 w-4 shrink-0" />
                      {verified}
                    </span>
                  )}
                  {item.caption && (
                    <span className="block break-words text-slate-800 dark:text-slate-200">
                      {item.caption}
                    </span>
                  )}
                </figcaption>
              )}
            </figure>
          </li>
        );
      })}
    </ul>
  );
}

// The provider lists' controls of distance (decision 0048): "Within my service area" (on by default once an area is
// set) and "Nearest first", the "12 mi away" of a card, and the split of a page into the items with a distance and
// those under "Distance unknown".
import { useId, useState, type ReactNode } from 'react';
import { distanceLabel } from '#domain/geo';
import type { ServiceArea } from '#domain/schemas/geo.schema';
import { useServiceArea } from '../api/service-area.ts';

/** What a list sends: near the area's ZIP code (so items carry their distance), within its radius when asked. */
export interface AreaQuery {
  near?: string;
  radius?: number;
  nearest: boolean;
}

export function areaQuery(area: ServiceArea | undefined, within: boolean, nearest: boolean): AreaQuery {
  if (!area?.zip) return { nearest: false };
  return { near: area.zip, ...(within ? { radius: area.radiusMiles } : {}), nearest };
}

/**
 * A provider list's distance filter: the provider's area, the two switches ("Within my service area" on by default),
 * the query they make and the props of AreaControls; `onChange` runs at each switch (a list goes back to page 1).
 */
export function useAreaFilter(onChange: () => void) {
  const area = useServiceArea();
  const [within, setWithin] = useState(true);
  const [nearest, setNearest] = useState(false);
  return {
    area,
    near: areaQuery(area.data, within, nearest),
    controls: {
      area: area.data,
      within,
      nearest,
      onWithin: (on: boolean) => {
        setWithin(on);
        onChange();
      },
      onNearest: (on: boolean) => {
        setNearest(on);
        onChange();
      },
    },
  };
}

export function AreaControls({
  area,
  within,
  nearest,
  onWithin,
  onNearest,
}: {
  area: ServiceArea | undefined;
  within: boolean;
  nearest: boolean;
  onWithin: (on: boolean) => void;
  onNearest: (on: boolean) => void;
}) {
  const id = useId();
  if (!area?.zip) return null;
  const box =
    'h-5 w-5 rounded border-slate-400 text-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-500';
  const label = 'flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200';
  return (
    <div role="group" aria-label="Distance" className="flex flex-wrap items-center gap-x-6 gap-y-1">
      <label htmlFor={`${id}-within`} className={label}>
        <input
          id={`${id}-within`}
          type="checkbox"
          className={box}
          checked={within}
          onChange={(e) => onWithin(e.target.checked)}
        />
        Within my service area
        <span className="font-normal text-slate-700 dark:text-slate-300">
          ({area.radiusMiles} mi of {area.zip})
        </span>
      </label>
      <label htmlFor={`${id}-nearest`} className={label}>
        <input
          id={`${id}-nearest`}
          type="checkbox"
          className={box}
          checked={nearest}
          onChange={(e) => onNearest(e.target.checked)}
        />
        Nearest first
      </label>
    </div>
  );
}

/** "12 mi away" on a card; nothing when the list measured nothing or the item has no location. */
export function DistanceTag({ miles }: { miles: number | null | undefined }) {
  if (typeof miles !== 'number') return null;
  return (
    <span className="text-sm font-medium text-slate-800 dark:text-slate-200">{distanceLabel(miles)}</span>
  );
}

/**
 * A page's items, those with a distance first and the rest under "Distance unknown" when the list measured; as
 * they came otherwise.
 */
export function ByDistance<T extends { id: string; distanceMiles?: number | null | undefined }>({
  items,
  measured,
  label,
  className,
  children,
}: {
  items: readonly T[];
  measured: boolean;
  label: string;
  className: string;
  children: (item: T) => ReactNode;
}) {
  const known = measured ? items.filter((i) => typeof i.distanceMiles === 'number') : items;
  const unknown = measured ? items.filter((i) => typeof i.distanceMiles !== 'number') : [];
  return (
    <>
      {known.length > 0 && (
        <ul aria-label={label} className={className}>
          {known.map(children)}
        </ul>
      )}
      {unknown.length > 0 && (
        <section aria-labelledby={`${label}-unknown`.replace(/\W+/g, '-')} className="mt-6">
          <h2
            id={`${label}-unknown`.replace(/\W+/g, '-')}
            className="text-lg font-semibold text-slate-900 dark:text-white"
          >
            Distance unknown
          </h2>
          <ul aria-label={`${label}: distance unknown`} className={`mt-3 ${className}`}>
            {unknown.map(children)}
          </ul>
        </section>
      )}
    </>
  );
}

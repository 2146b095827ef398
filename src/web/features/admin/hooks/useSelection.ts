// Rows chosen in a paged table: kept by id across pages and filters, each with the row as it was when chosen
// (the bulk actions read its role and name from there).
import { useCallback, useMemo, useState } from 'react';

export interface Selection<T extends { id: string }> {
  /** The chosen rows by id, in the order chosen. */
  selected: ReadonlyMap<string, T>;
  has: (id: string) => boolean;
  toggle: (row: T, on: boolean) => void;
  /** Chooses (or lets go of) every row given, e.g. the page on screen. */
  toggleAll: (rows: readonly T[], on: boolean) => void;
  clear: () => void;
}

export function useSelection<T extends { id: string }>(): Selection<T> {
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(() => new Map());
  const toggleAll = useCallback((rows: readonly T[], on: boolean) => {
    setSelected((s) => {
      const next = new Map(s);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  }, []);
  const toggle = useCallback((row: T, on: boolean) => toggleAll([row], on), [toggleAll]);
  const clear = useCallback(() => setSelected(new Map()), []);
  return useMemo(
    () => ({ selected, has: (id: string) => selected.has(id), toggle, toggleAll, clear }),
    [selected, toggle, toggleAll, clear],
  );
}

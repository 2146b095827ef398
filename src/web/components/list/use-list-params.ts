// What a list screen asks the server for: the search (sent once typing pauses), the filters and the page. The
// page goes back to 1 whenever the search or a filter changes.
import { useCallback, useState } from 'react';
import { useDebounced } from '#web/lib/use-debounced.ts';

export interface ListParams<F extends object> {
  /** The search box as typed. */
  search: string;
  setSearch: (search: string) => void;
  /** The search trimmed, once typing has paused: what to send. */
  query: string;
  filters: F;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  /** Several filters at once (a category and the task within it). */
  setFilters: (patch: Partial<F>) => void;
  page: number;
  setPage: (page: number) => void;
  /** The search or a filter narrows the list. */
  filtered: boolean;
  /** Back to no search, the first filters and page 1. */
  clear: () => void;
}

export function useListParams<F extends object = Record<never, never>>(
  initialFilters: F = {} as F,
): ListParams<F> {
  const [initial] = useState(initialFilters);
  const [search, setSearchValue] = useState('');
  const [filters, setFilterValues] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim());

  const setSearch = useCallback((value: string) => {
    setSearchValue(value);
    setPage(1);
  }, []);
  const setFilters = useCallback((patch: Partial<F>) => {
    setFilterValues((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);
  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K]) => setFilters({ [key]: value } as unknown as Partial<F>),
    [setFilters],
  );
  const clear = useCallback(() => {
    setSearchValue('');
    setFilterValues(initial);
    setPage(1);
  }, [initial]);

  const filtered =
    search.trim() !== '' ||
    (Object.keys(initial) as (keyof F)[]).some((k) => !Object.is(filters[k], initial[k]));

  return { search, setSearch, query, filters, setFilter, setFilters, page, setPage, filtered, clear };
}

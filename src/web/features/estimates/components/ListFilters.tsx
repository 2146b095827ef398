// The filter bar of the estimate lists: a title search and any number of select filters, each labelled.
import { SearchBox } from '#web/components/list/SearchBox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';

export interface FilterOption {
  value: string;
  label: string;
}

export interface SelectFilter {
  id: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

export function ListFilters({
  search,
  onSearch,
  searchLabel,
  filters,
}: {
  search: string;
  onSearch: (v: string) => void;
  searchLabel: string;
  filters: readonly SelectFilter[];
}) {
  return (
    <div
      role="search"
      className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]"
    >
      <SearchBox
        id="estimate-search"
        label={searchLabel}
        placeholder="Search by title"
        value={search}
        onChange={onSearch}
      />
      {filters.map((f) => (
        <div key={f.id} className="space-y-1.5">
          <Label htmlFor={f.id}>{f.label}</Label>
          <Select value={f.value} onValueChange={f.onChange}>
            <SelectTrigger id={f.id}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {f.options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ))}
    </div>
  );
}

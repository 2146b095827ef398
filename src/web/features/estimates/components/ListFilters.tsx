// The filter bar of the estimate lists: a title search and any number of select filters, each labelled.
import { SearchIcon } from '#web/components/ui/icons.tsx';
import { Input } from '#web/components/ui/input.tsx';
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
      <div className="space-y-1.5">
        <Label htmlFor="estimate-search">{searchLabel}</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <Input
            id="estimate-search"
            type="search"
            className="pl-9"
            value={search}
            placeholder="Search by title"
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
      </div>
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

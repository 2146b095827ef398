// The Users tab's filters: search over name and email, user type, plan, and the Created and Last Active date
// ranges (whole days in the admin's time zone), with Clear filters once any is set.
import { roles, type Role } from '#domain/permissions';
import { providerPlanIds, providerPlans, type ProviderPlanId } from '#domain/plans';
import { SearchBox } from '#web/components/list/SearchBox.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { fieldClasses, Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';
import { roleLabels } from './parts.tsx';

export interface UserFilterValues {
  role: 'all' | Role;
  subscription: 'all' | ProviderPlanId;
  createdAfter: string;
  createdBefore: string;
  lastActiveAfter: string;
  lastActiveBefore: string;
}

export const noUserFilters: UserFilterValues = {
  role: 'all',
  subscription: 'all',
  createdAfter: '',
  createdBefore: '',
  lastActiveAfter: '',
  lastActiveBefore: '',
};

const selectClasses = cn(fieldClasses, 'h-10');

export interface UserFiltersProps {
  search: string;
  onSearch: (search: string) => void;
  filters: UserFilterValues;
  onFilter: <K extends keyof UserFilterValues>(key: K, value: UserFilterValues[K]) => void;
  /** Shows Clear filters. */
  filtered: boolean;
  onClear: () => void;
}

export function UserFilters({ search, onSearch, filters, onFilter, filtered, onClear }: UserFiltersProps) {
  return (
    <div role="search" aria-label="Filter users" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SearchBox
        id="user-search"
        label="Search users"
        placeholder="Name or email"
        className="sm:col-span-2"
        value={search}
        onChange={onSearch}
      />
      <div className="space-y-1.5">
        <Label htmlFor="user-type">User type</Label>
        <select
          id="user-type"
          className={selectClasses}
          value={filters.role}
          onChange={(e) => onFilter('role', e.target.value as UserFilterValues['role'])}
        >
          <option value="all">All users</option>
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="user-subscription">Subscription</Label>
        <select
          id="user-subscription"
          className={selectClasses}
          value={filters.subscription}
          onChange={(e) => onFilter('subscription', e.target.value as UserFilterValues['subscription'])}
        >
          <option value="all">All plans</option>
          {providerPlanIds.map((p) => (
            <option key={p} value={p}>
              {providerPlans[p].name}
            </option>
          ))}
        </select>
      </div>
      <DateRange
        legend="Created"
        idPrefix="created"
        after={filters.createdAfter}
        before={filters.createdBefore}
        onAfter={(v) => onFilter('createdAfter', v)}
        onBefore={(v) => onFilter('createdBefore', v)}
      />
      <DateRange
        legend="Last Active"
        idPrefix="last-active"
        after={filters.lastActiveAfter}
        before={filters.lastActiveBefore}
        onAfter={(v) => onFilter('lastActiveAfter', v)}
        onBefore={(v) => onFilter('lastActiveBefore', v)}
      />
      {filtered && (
        <div className="flex items-end">
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}

function DateRange({
  legend,
  idPrefix,
  after,
  before,
  onAfter,
  onBefore,
}: {
  legend: string;
  idPrefix: string;
  after: string;
  before: string;
  onAfter: (v: string) => void;
  onBefore: (v: string) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-after`} className="text-xs">
          {legend} from
        </Label>
        <Input
          id={`${idPrefix}-after`}
          type="date"
          value={after}
          max={before || undefined}
          onChange={(e) => onAfter(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-before`} className="text-xs">
          {legend} to
        </Label>
        <Input
          id={`${idPrefix}-before`}
          type="date"
          value={before}
          min={after || undefined}
          onChange={(e) => onBefore(e.target.value)}
        />
      </div>
    </fieldset>
  );
}

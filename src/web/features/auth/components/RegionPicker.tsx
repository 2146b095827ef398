import { useMemo, type Ref } from 'react';
import { SearchCombobox, type ComboboxOption } from '#web/components/SearchCombobox.tsx';
import { useRegions } from '../api/get-regions.ts';

export interface RegionPickerProps {
  id: string;
  value: number | undefined;
  onChange: (regionId: number) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string;
}

/** A searchable list of the service regions from GET /api/regions. */
export function RegionPicker({ id, value, onChange, onBlur, ref, invalid, describedBy }: RegionPickerProps) {
  const { data: regions, isLoading, isError } = useRegions();
  const options = useMemo<ComboboxOption[]>(
    () => (regions ?? []).map((r) => ({ value: String(r.id), label: `${r.name}, ${r.state}` })),
    [regions],
  );

  return (
    <SearchCombobox
      id={id}
      ref={ref}
      options={options}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      onBlur={onBlur}
      placeholder={
        isLoading ? 'Loading regions…' : isError ? 'Error loading regions' : 'Select your service region'
      }
      listLabel="Regions"
      emptyText="No regions available"
      noMatchText="No region found."
      invalid={invalid}
      describedBy={describedBy}
      disabled={isLoading || isError}
    />
  );
}

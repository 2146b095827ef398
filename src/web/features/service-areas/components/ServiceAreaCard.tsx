// /provider/settings: the provider's service area (decision 0048), a base ZIP code and a radius of 5 to 100 miles.
// Until one is saved it is the business profile's ZIP code and 25 miles. The lists' "Within my service area" and
// the new-work notifications use it.
import { useId, useState } from 'react';
import { DEFAULT_SERVICE_RADIUS, isZip, SERVICE_RADII, ZIP_MESSAGE } from '#domain/geo';
import type { ServiceArea } from '#domain/schemas/geo.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import { useSaveServiceArea, useServiceArea } from '../api/service-area.ts';

const selectClasses =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus-visible:ring-blue-400';

export function ServiceAreaCard() {
  const id = useId();
  const area = useServiceArea();
  let body;
  if (area.isPending) body = <Spinner label="Loading your service area" />;
  else if (area.isError)
    body = (
      <div role="alert" className="text-sm text-red-700 dark:text-red-400">
        Failed to load your service area.{' '}
        <button type="button" className="font-medium underline" onClick={() => void area.refetch()}>
          Try again
        </button>
      </div>
    );
  // A saved area starts the form again from what the server kept.
  else body = <ServiceAreaForm key={`${area.data.zip}-${area.data.radiusMiles}`} area={area.data} />;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
          Service area
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          The jobs you see with “Within my service area” and the new work we tell you about are inside this
          distance of your base ZIP code.
        </p>
        <div className="mt-4">{body}</div>
      </section>
    </Card>
  );
}

function ServiceAreaForm({ area }: { area: ServiceArea }) {
  const id = useId();
  const [zip, setZip] = useState(area.zip ?? '');
  const [radius, setRadius] = useState<number>(area.radiusMiles || DEFAULT_SERVICE_RADIUS);
  const [errors, setErrors] = useState<{ zip?: string; radiusMiles?: string }>({});
  const save = useSaveServiceArea({
    onSuccess: () => toast({ title: 'Service area saved', variant: 'success' }),
    onError: (err) => {
      const { fields } = parseApiError(err);
      setErrors({ zip: fields.zip, radiusMiles: fields.radiusMiles });
      toast({
        title: 'Service area not saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const zipId = `${id}-zip`;
  const radiusId = `${id}-radius`;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!isZip(zip.trim())) {
          setErrors({ zip: ZIP_MESSAGE });
          document.getElementById(zipId)?.focus();
          return;
        }
        setErrors({});
        save.mutate({ zip: zip.trim(), radiusMiles: radius as (typeof SERVICE_RADII)[number] });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={zipId}>Base ZIP code</Label>
          <Input
            id={zipId}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={zip}
            aria-invalid={errors.zip ? true : undefined}
            aria-describedby={errors.zip ? fieldErrorId(zipId) : undefined}
            onChange={(e) => setZip(e.target.value)}
          />
          <FieldError id={zipId} message={errors.zip} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={radiusId}>Radius</Label>
          <select
            id={radiusId}
            className={selectClasses}
            value={radius}
            aria-invalid={errors.radiusMiles ? true : undefined}
            onChange={(e) => setRadius(Number(e.target.value))}
          >
            {SERVICE_RADII.map((r) => (
              <option key={r} value={r}>
                {r} miles
              </option>
            ))}
          </select>
          <FieldError id={radiusId} message={errors.radiusMiles} />
        </div>
      </div>
      {area.zip && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {area.isDefault ? 'From your business profile: ' : 'Now: '}
          {area.radiusMiles} miles around {area.zip}
          {area.city ? ` (${area.city}, ${area.state})` : ''}.
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save service area'}
      </Button>
    </form>
  );
}

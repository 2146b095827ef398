// The bodies of the wizard steps. Each takes the draft and an updater; the page owns
// the navigation buttons.
import { useMemo, useState } from 'react';
import { isZip, ZIP_MESSAGE } from '#domain/geo';
import { useZipPlace } from '#web/features/service-areas/index.ts';
import { formatMoney } from '#domain/format';
import { gradeLevels, gradeMultipliers } from '#domain/pricing';
import { regions } from '#domain/regions/index';
import { SearchCombobox, type ComboboxOption } from '#web/components/SearchCombobox.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ChoiceCard } from './ChoiceCard.tsx';
import {
  categoryName,
  chooseCategory,
  chooseTask,
  filterMeasurementInput,
  isAutomotive,
  selectedSubtasks,
  setMeasurement,
  subtaskMeasurementErrors,
  subtaskOptions,
  tasksFor,
  toggleWizardSubtask,
  tutorialFor,
  unusualMeasurementOf,
  unusualMeasurementText,
  wizardCategories,
  type WizardDraft,
} from './wizard-model.ts';

/** "per sq ft", "per job", but "each" rather than "per each". */
const perUnit = (unit: string) => (unit === 'each' ? 'each' : `per ${unit}`);

export interface StepProps {
  draft: WizardDraft;
  update: (f: (d: WizardDraft) => WizardDraft) => void;
}

const gradeNotes: Record<string, string> = {
  Economy: 'Budget materials, basic finish',
  Standard: 'Mid-range materials, the national average',
  Medium: 'Better materials and finish',
  Premium: 'High-end materials and finish',
};

function TutorialLink({ category }: { category: string }) {
  const name = categoryName(category);
  return (
    <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
      Not sure what the job involves?{' '}
      <a
        href={tutorialFor(category)}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
      >
        Watch {name} tutorial videos
        <span className="sr-only"> (opens YouTube in a new tab)</span>
      </a>
    </p>
  );
}

export function CategoryStep({ draft, update }: StepProps) {
  return (
    <fieldset>
      <legend className="sr-only">Category</legend>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {wizardCategories.map((c) => (
          <li key={c.id}>
            <ChoiceCard
              type="radio"
              name="category"
              value={c.id}
              checked={draft.category === c.id}
              onChange={() => update((d) => chooseCategory(d, c.id))}
              title={c.name}
              detail={c.id === 'automotive' ? 'Car repair and maintenance' : `${tasksFor(c.id).length} tasks`}
            />
          </li>
        ))}
      </ul>
      {draft.category && <TutorialLink category={draft.category} />}
    </fieldset>
  );
}

export function TaskStep({ draft, update }: StepProps) {
  const tasks = tasksFor(draft.category);
  return (
    <fieldset>
      <legend className="sr-only">Task in {categoryName(draft.category)}</legend>
      <ul className="grid gap-3 sm:grid-cols-2">
        {tasks.map((t) => (
          <li key={t.id}>
            <ChoiceCard
              type="radio"
              name="task"
              value={t.id}
              checked={draft.task === t.id}
              onChange={() => update((d) => chooseTask(d, t.id))}
              title={t.name}
              detail={`${subtaskOptions({ category: draft.category, task: t.id }).length} subtasks`}
            />
          </li>
        ))}
      </ul>
      {draft.category && <TutorialLink category={draft.category} />}
    </fieldset>
  );
}

export function SubtasksStep({ draft, update }: StepProps) {
  const [announcement, setAnnouncement] = useState('');
  const options = subtaskOptions(draft);
  const hasExclusive = options.some((s) => s.exclusive);
  return (
    <fieldset>
      <legend className="sr-only">Subtasks</legend>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">Choose at least one.</p>
      {hasExclusive && (
        <p id="exclusive-note" className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          Tile, vinyl plank, hardwood, laminate and carpet are one flooring choice: picking one replaces
          another.
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {options.map((s) => (
          <li key={s.id}>
            <ChoiceCard
              type="checkbox"
              name="subtask"
              value={s.id}
              checked={draft.subtasks.includes(s.id)}
              describedBy={s.exclusive ? 'exclusive-note' : undefined}
              onChange={() => {
                const { subtasks, replaced } = toggleWizardSubtask(draft, s.id);
                update((d) => ({ ...d, subtasks, measurementIndex: 0 }));
                setAnnouncement(replaced.length ? `${s.name} replaced ${replaced.join(', ')}.` : '');
              }}
              title={s.name}
              detail={`${formatMoney(s.unitPrice)} ${perUnit(s.unit)}${s.exclusive ? ' · flooring type' : ''}`}
            />
          </li>
        ))}
      </ul>
      <p
        role="status"
        aria-live="polite"
        className="mt-3 min-h-5 text-sm font-medium text-blue-800 dark:text-blue-300"
      >
        {announcement}
      </p>
    </fieldset>
  );
}

export function GradeStep({ draft, update }: StepProps) {
  return (
    <fieldset>
      <legend className="sr-only">Grade level</legend>
      <ul className="grid gap-3 sm:grid-cols-2">
        {gradeLevels.map((g) => (
          <li key={g}>
            <ChoiceCard
              type="radio"
              name="grade"
              value={g}
              checked={draft.gradeLevel === g}
              onChange={() => update((d) => ({ ...d, gradeLevel: g }))}
              title={`${g} (${gradeMultipliers[g]}x)`}
              detail={gradeNotes[g]}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function MeasurementsStep({ draft, update }: StepProps) {
  const subs = selectedSubtasks(draft);
  const s = subs[draft.measurementIndex];
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  if (!s) return null;
  const errors = subtaskMeasurementErrors(draft, s);
  const unusual = unusualMeasurementOf(draft, s);
  const unusualId = `m-${s.id}-usual`;
  return (
    <div>
      <p className="text-sm font-semibold text-blue-800 dark:text-blue-300">
        Subtask {draft.measurementIndex + 1} of {subs.length}
      </p>
      <h3 className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">{s.name}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatMoney(s.unitPrice)} {perUnit(s.unit)}
      </p>
      {s.fields.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-100 p-4 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          No measurements required for this item.
        </p>
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {s.fields.map((f) => {
            const id = `m-${s.id}-${f.key}`;
            const value = draft.measurements[s.id]?.[f.key] ?? '';
            const key = `${s.id}.${f.key}`;
            const error = errors[f.key];
            const show = error && (touched[key] || value !== '') ? error : undefined;
            return (
              <div key={f.key} className="space-y-1.5">
                <Label htmlFor={id}>{f.label}</Label>
                <Input
                  id={id}
                  inputMode={f.quantity ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  value={value}
                  aria-invalid={show ? true : undefined}
                  aria-describedby={show ? fieldErrorId(id) : unusual ? unusualId : undefined}
                  onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
                  onChange={(e) => {
                    const v = filterMeasurementInput(e.target.value, f.quantity);
                    update((d) => setMeasurement(d, s.id, f.key, v));
                  }}
                />
                <FieldError id={id} message={show} />
              </div>
            );
          })}
        </div>
      )}
      {/* A second look, never a stop: Next stays as it is. Kept in place so the change is announced. */}
      <div id={unusualId} role="status" aria-live="polite" className={unusual ? 'mt-3' : undefined}>
        {unusual && (
          <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">Is that right?</p>
            <p>{unusualMeasurementText(unusual)}</p>
          </div>
        )}
      </div>
    </div>
  );
}

export function RegionStep({ draft, update }: StepProps) {
  const options = useMemo<ComboboxOption[]>(
    () =>
      regions.map((r) => ({
        value: r.location,
        label: r.location,
        hint: `${r.multiplier.toFixed(3)}x`,
        keywords: r.source,
      })),
    [],
  );
  return (
    <div className="space-y-2">
      <Label htmlFor="wizard-region">Region</Label>
      <SearchCombobox
        id="wizard-region"
        options={options}
        value={draft.region}
        onChange={(v) => update((d) => ({ ...d, region: v }))}
        placeholder="Select your region"
        listLabel="Regions"
        emptyText="No regions available"
        noMatchText="No region found."
        describedBy="region-hint"
        className="h-11"
      />
      <p id="region-hint" className="text-sm text-slate-700 dark:text-slate-300">
        {isAutomotive(draft)
          ? 'Where the vehicle is. Automotive prices are national averages.'
          : `${regions.length} U.S. metro areas and state nonmetropolitan areas. Local prices differ: the region's price parity adjusts every line.`}
      </p>
      {!isAutomotive(draft) && (
        <ZipField value={draft.zipCode ?? ''} onChange={(v) => update((d) => ({ ...d, zipCode: v }))} />
      )}
    </div>
  );
}

/**
 * The job's ZIP code, optional (decision 0048): five digits the ZIP code data knows, else "Enter a valid US ZIP
 * code". It tells pros how far the job is; Generate Estimate does not wait for it.
 */
function ZipField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const zip = value.trim();
  const complete = isZip(zip);
  const place = useZipPlace(zip, complete);
  const error = zip === '' ? undefined : !complete || place.isError ? ZIP_MESSAGE : undefined;
  return (
    <div className="space-y-2 pt-4">
      <Label htmlFor="wizard-zip">ZIP code (optional)</Label>
      <Input
        id="wizard-zip"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        className="h-11 max-w-40"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId('wizard-zip') : 'wizard-zip-hint'}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <FieldError id="wizard-zip" message={error} />
      ) : (
        <p id="wizard-zip-hint" className="text-sm text-slate-700 dark:text-slate-300">
          {place.data
            ? `${place.data.city}, ${place.data.state}. Pros see how far the job is, never your address.`
            : 'Where the job is, so pros nearby can find it. Pros see the distance, never your address.'}
        </p>
      )}
    </div>
  );
}

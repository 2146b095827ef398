// The provider part of the sign-up form: plan, category, tasks, service region and the optional service area
// (docs/decisions/0048). It brings the Radix select and the region list, so it loads when someone chooses
// "Find work".
import {
  Controller,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { signupCategories } from '#domain/catalog/signup';
import { SERVICE_RADII } from '#domain/geo';
import { TRIAL_DAYS } from '#domain/plans';
import { PROVIDER_SIGNUP_MESSAGE, type RegisterInput } from '#domain/schemas/auth.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { fieldClasses, Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { cn } from '#web/lib/cn.ts';
import {
  providerFieldMessages,
  signupPlanInfo,
  tasksAfterCategoryChange,
  tasksAfterPlanChange,
  toggleTask,
} from '../signup-rules.ts';
import { RegionPicker } from './RegionPicker.tsx';
import { choiceCard, choiceOff, choiceOn } from './choice-card.ts';
import type { SignupValues } from './SignupForm.tsx';

export interface ProviderFieldsProps {
  /** The form's id maker: `${formId}-${name}`. */
  fid: (name: string) => string;
  control: Control<SignupValues, unknown, RegisterInput>;
  register: UseFormRegister<SignupValues>;
  setValue: UseFormSetValue<SignupValues>;
  errors: FieldErrors<SignupValues>;
  isSubmitted: boolean;
}

export function ProviderFields({
  fid,
  control,
  register,
  setValue,
  errors,
  isSubmitted,
}: ProviderFieldsProps) {
  const plan = useWatch({ control, name: 'subscriptionPlan' });
  const category = useWatch({ control, name: 'selectedCategory' });
  const tasks = useWatch({ control, name: 'selectedTasks' }) ?? [];
  const categoryTasks = signupCategories.find((c) => c.id === category)?.tasks ?? [];
  const validate = { shouldValidate: isSubmitted, shouldDirty: true };
  const described = (name: keyof SignupValues) => (errors[name] ? fieldErrorId(fid(name)) : undefined);
  const invalid = (name: keyof SignupValues) => (errors[name] ? true : undefined);
  // Something still to choose: the one message for all of them, beside each field's own.
  const missing = (Object.keys(providerFieldMessages) as (keyof typeof providerFieldMessages)[]).some(
    (name) => errors[name]?.type === 'required',
  );
  return (
    <>
      <fieldset aria-describedby={fid('trial')}>
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          Subscription plan
        </legend>
        <p id={fid('trial')} className="mb-2 text-sm text-slate-700 dark:text-slate-300">
          Your {TRIAL_DAYS}-day free trial starts now. Nothing is charged during the trial, and no card is
          needed.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['starter', 'deluxe'] as const).map((p) => (
            <label key={p} className={cn(choiceCard, plan === p ? choiceOn : choiceOff)}>
              <span className="flex items-center gap-2 font-semibold">
                <input
                  type="radio"
                  name={fid('plan')}
                  value={p}
                  checked={plan === p}
                  aria-invalid={invalid('subscriptionPlan')}
                  aria-describedby={described('subscriptionPlan')}
                  className="h-4 w-4 accent-blue-700"
                  onChange={() => {
                    setValue('subscriptionPlan', p, validate);
                    setValue('selectedTasks', tasksAfterPlanChange(tasks, p), validate);
                  }}
                />
                {signupPlanInfo[p].name} · {signupPlanInfo[p].price}
              </span>
              <span className="mt-1 text-slate-700 dark:text-slate-300">{signupPlanInfo[p].summary}</span>
            </label>
          ))}
        </div>
        <FieldError id={fid('subscriptionPlan')} message={errors.subscriptionPlan?.message} />
      </fieldset>

      <div className="space-y-1.5">
        <Label htmlFor={fid('selectedCategory')}>Category</Label>
        <Select
          value={category ?? ''}
          onValueChange={(next) => {
            setValue('selectedTasks', tasksAfterCategoryChange(category, next, tasks), validate);
            setValue('selectedCategory', next, validate);
          }}
        >
          <SelectTrigger
            id={fid('selectedCategory')}
            aria-invalid={invalid('selectedCategory')}
            aria-describedby={described('selectedCategory')}
          >
            <SelectValue placeholder="Select a category" />
          </SelectTrigger>
          <SelectContent>
            {signupCategories.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError id={fid('selectedCategory')} message={errors.selectedCategory?.message} />
      </div>

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Tasks</legend>
        {category ? (
          <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
            {plan === 'starter'
              ? 'The Starter plan includes 1 task: choosing another replaces it.'
              : plan === 'deluxe'
                ? 'The Deluxe plan includes every task you choose.'
                : 'Pick a plan to see how many tasks it includes.'}
          </p>
        ) : (
          <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
            Choose a category to see its tasks.
          </p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {categoryTasks.map((t) => {
            const checked = tasks.includes(t.id);
            const boxId = fid(`task-${t.id}`);
            return (
              <div key={t.id} className="flex items-center gap-2">
                <Checkbox
                  id={boxId}
                  checked={checked}
                  aria-invalid={invalid('selectedTasks')}
                  aria-describedby={described('selectedTasks')}
                  onCheckedChange={() => setValue('selectedTasks', toggleTask(tasks, t.id, plan), validate)}
                />
                <Label htmlFor={boxId} className="font-normal">
                  {t.name}
                </Label>
              </div>
            );
          })}
        </div>
        <FieldError id={fid('selectedTasks')} message={errors.selectedTasks?.message} />
      </fieldset>

      <div className="space-y-1.5">
        <Label htmlFor={fid('selectedRegion')}>Service region</Label>
        <Controller
          control={control}
          name="selectedRegion"
          render={({ field }) => (
            <RegionPicker
              id={fid('selectedRegion')}
              ref={field.ref}
              value={field.value}
              onChange={(regionId) => field.onChange(regionId)}
              onBlur={field.onBlur}
              invalid={Boolean(errors.selectedRegion)}
              describedBy={described('selectedRegion')}
            />
          )}
        />
        <FieldError id={fid('selectedRegion')} message={errors.selectedRegion?.message} />
      </div>

      <fieldset aria-describedby={fid('service-area-hint')}>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          Service area (optional)
        </legend>
        <p id={fid('service-area-hint')} className="mb-2 text-xs text-slate-600 dark:text-slate-400">
          The jobs you see and hear about are within this distance of your base ZIP code. You can change it
          later in Settings.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={fid('serviceZip')}>Base ZIP code</Label>
            <Input
              id={fid('serviceZip')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              aria-invalid={invalid('serviceZip')}
              aria-describedby={described('serviceZip')}
              {...register('serviceZip')}
            />
            <FieldError id={fid('serviceZip')} message={errors.serviceZip?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fid('serviceRadiusMiles')}>Radius</Label>
            <select
              id={fid('serviceRadiusMiles')}
              className={cn(fieldClasses, 'h-10 py-0')}
              aria-invalid={invalid('serviceRadiusMiles')}
              aria-describedby={described('serviceRadiusMiles')}
              {...register('serviceRadiusMiles', { valueAsNumber: true })}
            >
              {SERVICE_RADII.map((r) => (
                <option key={r} value={r}>
                  {r} miles
                </option>
              ))}
            </select>
            <FieldError id={fid('serviceRadiusMiles')} message={errors.serviceRadiusMiles?.message} />
          </div>
        </div>
      </fieldset>

      {missing && <Alert variant="destructive">{PROVIDER_SIGNUP_MESSAGE}</Alert>}
    </>
  );
}

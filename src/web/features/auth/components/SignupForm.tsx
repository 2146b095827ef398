import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { DEFAULT_SERVICE_RADIUS } from '#domain/geo';
import type { registerSchema, RegisterInput } from '#domain/schemas/auth.schema';
import type { PublicUser } from '#domain/schemas/user.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FieldError, fieldErrorId, InputField } from '#web/components/ui/form-field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { cn } from '#web/lib/cn.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { paths } from '#web/lib/paths.ts';
import { useRegister, type RegisterBody } from '../api/register.ts';
import { storeSentAt } from '../resend-cooldown.ts';
import { missingProviderFields, providerFieldMessages } from '../signup-rules.ts';
import { choiceCard, choiceOff, choiceOn } from './choice-card.ts';

const loadProviderFields = () => import('./ProviderFields.tsx');
const ProviderFields = lazy(async () => ({ default: (await loadProviderFields()).ProviderFields }));
const preloadProviderFields = () => void loadProviderFields().catch(() => undefined);

const loadSchemas = () => import('#domain/schemas/auth.schema');

/** The form's own values: like the schema input, but the terms box starts unticked. */
export type SignupValues = Omit<z.input<typeof registerSchema>, 'termsAccepted'> & { termsAccepted: boolean };

// The shared schema (src/domain), loaded with zod when the form is first used. Its input type insists on
// termsAccepted: true; the form holds a plain boolean until it is valid.
const validation = lazyZodResolver<SignupValues, RegisterInput>(
  async () => (await loadSchemas()).registerSchema,
);

/**
 * The shared schema, with every message at once: zod checks the two passwords against each other and the
 * provider's choices only once every other field parses, so those rules are also said here on the first try.
 */
const signupResolver: Resolver<SignupValues, unknown, RegisterInput> = async (values, context, options) => {
  const result = await validation.resolver(values, context, options);
  if (result.errors.root) return result; // the checks could not load: say so, send nothing
  const { PASSWORDS_DIFFER_MESSAGE, PROVIDER_SIGNUP_MESSAGE, ZIP_MESSAGE, isZipOrEmpty } =
    await loadSchemas(); // loaded just now
  const errors: FieldErrors<SignupValues> = { ...result.errors };
  // An empty field says it is required, not that its value is malformed or too short.
  for (const [name, message] of requiredMessages) {
    if (!String(values[name] ?? '').trim()) errors[name] = { type: 'required', message };
  }
  if (!errors.confirmPassword && values.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword = { type: 'custom', message: PASSWORDS_DIFFER_MESSAGE };
  }
  if (values.role === 'provider') {
    // Each missing choice is said under its own field rather than in the one message for all of them.
    if (errors.selectedTasks?.message === PROVIDER_SIGNUP_MESSAGE) delete errors.selectedTasks;
    for (const name of missingProviderFields(values)) {
      errors[name] = { type: 'required', message: providerFieldMessages[name] };
    }
    if (!errors.serviceZip && !isZipOrEmpty(values.serviceZip?.trim() ?? '')) {
      errors.serviceZip = { type: 'custom', message: ZIP_MESSAGE };
    }
  } else {
    // A customer's service area is not sent: nothing typed there before switching may hold the form back.
    delete errors.serviceZip;
    delete errors.serviceRadiusMiles;
  }
  return Object.keys(errors).length === 0 ? result : { values: {}, errors };
};

const requiredMessages = [
  ['email', 'Email is required'],
  ['password', 'Password is required'],
  ['confirmPassword', 'Please confirm your password'],
] as const;

/** Shown under the password field before anything is typed (the server's rule, docs/decisions/0006). */
export const PASSWORD_RULE_HINT =
  'Use 8 to 128 characters. Very common passwords (like "password123") are not accepted.';

const fieldNames = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'role',
  'subscriptionPlan',
  'selectedCategory',
  'selectedTasks',
  'selectedRegion',
  'serviceZip',
  'serviceRadiusMiles',
  'termsAccepted',
] as const satisfies readonly (keyof SignupValues)[];

function toBody(v: RegisterInput): RegisterBody {
  const base = {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    password: v.password,
    confirmPassword: v.confirmPassword,
    termsAccepted: true as const,
  };
  if (v.role === 'customer') return { ...base, role: 'customer' };
  return {
    ...base,
    role: 'provider',
    subscriptionPlan: v.subscriptionPlan,
    selectedCategory: v.selectedCategory,
    selectedTasks: v.selectedTasks,
    selectedRegion: v.selectedRegion,
    // The optional service area (docs/decisions/0048), only when a ZIP code was typed.
    ...(v.serviceZip?.trim()
      ? {
          serviceZip: v.serviceZip.trim(),
          serviceRadiusMiles: v.serviceRadiusMiles ?? DEFAULT_SERVICE_RADIUS,
        }
      : {}),
  };
}

export interface SignupFormProps {
  onSuccess: (user: PublicUser) => void;
  onNavigate?: () => void;
}

export function SignupForm({ onSuccess, onNavigate }: SignupFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitted, submitCount },
  } = useForm<SignupValues, unknown, RegisterInput>({
    resolver: signupResolver,
    // The form moves the focus itself, in the order a person reads it (the provider fields load later).
    shouldFocusError: false,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      role: 'customer',
      subscriptionPlan: undefined,
      selectedCategory: undefined,
      selectedTasks: [],
      selectedRegion: undefined,
      serviceZip: '',
      serviceRadiusMiles: DEFAULT_SERVICE_RADIUS,
      termsAccepted: false,
    },
  });

  const role = useWatch({ control, name: 'role' });
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused send, the focus goes to the first field marked invalid, top to bottom.
  useEffect(() => {
    if (submitCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const mutation = useRegister({
    onSuccess: (user) => {
      storeSentAt(Date.now()); // registration sends the first verification email

      toast({
        title: 'Registration successful',
        description: 'Check your inbox for a link to verify your email address.',
        variant: 'success',
      });
      onSuccess(user);
    },
    onError: (err) => {
      const parsed = showFieldErrors(err, fieldNames, setError);
      if (parsed.status === 409 && !parsed.fields.email) {
        setError('email', {
          type: 'server',
          message: parsed.message ?? 'An account with this email already exists',
        });
      }
      toast({
        title: 'Registration failed',
        description: errorMessage(err, 'An error occurred during registration'),
        variant: 'destructive',
      });
    },
  });

  const fid = (name: string) => `${id}-${name}`;
  const described = (name: keyof SignupValues) => (errors[name] ? fieldErrorId(fid(name)) : undefined);

  const textField = (
    name: 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword',
    label: string,
    type: string,
    autoComplete: string,
    extra: { hint?: string; maxLength?: number } = {},
  ) => (
    <InputField
      id={fid(name)}
      label={label}
      error={errors[name]?.message}
      type={type}
      autoComplete={autoComplete}
      aria-describedby={errors[name] ? fieldErrorId(fid(name)) : extra.hint ? `${fid(name)}-hint` : undefined}
      {...extra}
      {...register(name)}
    />
  );

  return (
    <form
      ref={formRef}
      noValidate
      onFocus={validation.preload}
      onSubmit={handleSubmit((v) => mutation.mutate(toBody(v)))}
      className="space-y-5"
    >
      {errors.root?.message && <Alert variant="destructive">{errors.root.message}</Alert>}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">I want to</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['customer', 'Hire a pro', 'Price jobs and post projects as a customer'],
              ['provider', 'Find work', 'Bid on projects as a service provider'],
            ] as const
          ).map(([value, title, text]) => (
            <label
              key={value}
              className={cn(choiceCard, role === value ? choiceOn : choiceOff)}
              onPointerEnter={value === 'provider' ? preloadProviderFields : undefined}
            >
              <span className="flex items-center gap-2 font-semibold">
                <input type="radio" value={value} className="h-4 w-4 accent-blue-700" {...register('role')} />
                {title}
              </span>
              <span className="mt-1 text-slate-700 dark:text-slate-300">{text}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {textField('firstName', 'First name', 'text', 'given-name')}
        {textField('lastName', 'Last name', 'text', 'family-name')}
      </div>
      {textField('email', 'Email', 'email', 'email')}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('password', 'Password', 'password', 'new-password', {
          hint: PASSWORD_RULE_HINT,
          maxLength: 128,
        })}
        {textField('confirmPassword', 'Confirm password', 'password', 'new-password', { maxLength: 128 })}
      </div>

      {role === 'provider' && (
        <section
          aria-labelledby={fid('provider-heading')}
          className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        >
          <h2 id={fid('provider-heading')} className="text-base font-semibold">
            Your services
          </h2>
          <Suspense fallback={<Spinner label="Loading the provider options" className="p-4" />}>
            <ProviderFields
              fid={fid}
              control={control}
              register={register}
              setValue={setValue}
              errors={errors}
              isSubmitted={isSubmitted}
            />
          </Suspense>
        </section>
      )}

      <div className="space-y-1.5">
        <div className="flex items-start gap-2">
          <Controller
            control={control}
            name="termsAccepted"
            render={({ field }) => (
              <Checkbox
                id={fid('termsAccepted')}
                checked={field.value}
                onCheckedChange={(c) => field.onChange(c === true)}
                onBlur={field.onBlur}
                aria-invalid={errors.termsAccepted ? true : undefined}
                aria-describedby={described('termsAccepted')}
                className="mt-0.5"
              />
            )}
          />
          <Label htmlFor={fid('termsAccepted')} className="font-normal leading-snug">
            I am 18 or older and I accept the{' '}
            <Link
              href={paths.termsOfService}
              onClick={onNavigate}
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link
              href={paths.privacyPolicy}
              onClick={onNavigate}
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              Privacy Policy
            </Link>
          </Label>
        </div>
        <FieldError id={fid('termsAccepted')} message={errors.termsAccepted?.message} />
      </div>

      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}

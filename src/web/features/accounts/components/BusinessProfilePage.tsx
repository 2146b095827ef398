// /provider/profile: the provider's business profile. Names, company,
// phone, city, state and zip required; a description within the domain schema's bounds (10 to 499: "less than
// 500") with a live count; the email shown locked; address optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { proPath, proSlug } from '#domain/profiles';
import { businessProfileSchema, type BusinessProfileInput } from '#domain/schemas/profile.schema';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { credentialsPath, portfolioPath } from '#web/features/pro-credentials/index.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { useProviderProfile, type ProviderProfile } from '../api/get-provider-profile.ts';
import { useUpdateProviderProfile, type BusinessProfileBody } from '../api/update-provider-profile.ts';
import { FETCH_USER_FAILED, PROFILE_UPDATE_FAILED, PROFILE_UPDATED } from '../messages.ts';
import { fieldMaxLength } from '../format.ts';
import { AccountScreen, formClasses, LoadError, LoadingState, Section } from './AccountScreen.tsx';
import { CountedTextarea, LockedEmailField, SaveChangesRow } from './fields.tsx';

const description = businessProfileSchema.shape.description;
export const DESCRIPTION_MIN = description.minLength ?? 10;
export const DESCRIPTION_MAX = description.maxLength ?? 499;

const businessFields = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'description',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'listed',
] as const satisfies readonly (keyof BusinessProfileBody)[];

function valuesOf(p: ProviderProfile): BusinessProfileBody {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    companyName: p.companyName ?? '',
    description: p.description ?? '',
    phone: p.phone ?? '',
    address: p.address ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    zipCode: p.zipCode ?? '',
    listed: p.listed,
  };
}

export function BusinessProfilePage() {
  const profile = useProviderProfile();
  return (
    <AccountScreen
      title="Business Profile"
      intro="What customers see about your business when you bid or message them."
    >
      {profile.isPending ? (
        <LoadingState label="Loading your business profile" />
      ) : profile.isError ? (
        <LoadError message={FETCH_USER_FAILED} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <PublicPageLinks profile={profile.data} />
          <BusinessProfileForm profile={profile.data} />
        </>
      )}
    </AccountScreen>
  );
}

function BusinessProfileForm({ profile }: { profile: ProviderProfile }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<BusinessProfileBody, unknown, BusinessProfileInput>({
    resolver: zodResolver(businessProfileSchema),
    defaultValues: valuesOf(profile),
  });
  const text = useWatch({ control, name: 'description' }) ?? '';
  const mutation = useUpdateProviderProfile({
    onSuccess: (_saved, sent) => {
      reset(sent);
      toast({ ...PROFILE_UPDATED, variant: 'success' });
    },
    onError: (err) => {
      showFieldErrors(err, businessFields, setError);
      toast({ title: errorMessage(err, PROFILE_UPDATE_FAILED), variant: 'destructive' });
    },
  });

  const fid = (name: string) => `${id}-${name}`;
  const field = (
    name: Exclude<(typeof businessFields)[number], 'email' | 'description' | 'listed'>,
    label: string,
    autoComplete: string,
    extra: { type?: string; inputMode?: 'tel' | 'numeric' } = {},
  ) => (
    <InputField
      id={fid(name)}
      label={label}
      error={errors[name]?.message}
      autoComplete={autoComplete}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
      maxLength={fieldMaxLength[name]}
      {...register(name)}
    />
  );

  return (
    <Section id={fid('heading')} title="Business details">
      <form noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} className={formClasses}>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('firstName', 'First name', 'given-name')}
          {field('lastName', 'Last name', 'family-name')}
        </div>
        <LockedEmailField id={fid('email')} value={profile.email} />
        {field('companyName', 'Company name', 'organization')}
        <CountedTextarea
          id={fid('description')}
          label="Business description"
          placeholder="The work you do, your experience and the area you cover."
          error={errors.description?.message}
          length={text.trim().length}
          minChars={DESCRIPTION_MIN}
          maxChars={DESCRIPTION_MAX}
          {...register('description')}
        />
        {field('phone', 'Phone number', 'tel', { type: 'tel', inputMode: 'tel' })}
        {field('address', 'Address (optional)', 'street-address')}
        <div className="grid gap-4 sm:grid-cols-3">
          {field('city', 'City', 'address-level2')}
          {field('state', 'State', 'address-level1')}
          {field('zipCode', 'Zip code', 'postal-code', { inputMode: 'numeric' })}
        </div>
        <Controller
          control={control}
          name="listed"
          render={({ field: listed }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id={fid('listed')}
                className="mt-0.5"
                checked={listed.value ?? true}
                onCheckedChange={listed.onChange}
                onBlur={listed.onBlur}
                ref={listed.ref}
                aria-describedby={fid('listed-hint')}
              />
              <div>
                <label htmlFor={fid('listed')} className="text-sm font-medium text-slate-900 dark:text-white">
                  Show my page in the pro directory and search engines
                </label>
                <p id={fid('listed-hint')} className="text-sm text-slate-700 dark:text-slate-300">
                  Turned off, your page leaves the directory and search engines, and customers you bid to can
                  still open it from your bids.
                </p>
              </div>
            </div>
          )}
        />
        <SaveChangesRow pending={mutation.isPending} />
      </form>
    </Section>
  );
}

const linkClasses =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:hover:text-blue-200';

/** What customers see of the business beyond this form: the credentials, the portfolio and the public page. */
function PublicPageLinks({ profile }: { profile: ProviderProfile }) {
  const id = useId();
  return (
    <Section
      id={`${id}-public`}
      title="Your public page"
      description="Verified licenses and insurance show as badges on your page and bids; photos of your work show on your page."
    >
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
        <li>
          <Link href={credentialsPath} className={linkClasses}>
            Licenses and insurance
          </Link>
        </li>
        <li>
          <Link href={portfolioPath} className={linkClasses}>
            Portfolio
          </Link>
        </li>
        <li>
          <Link href={proPath(profile.id, proSlug(profile))} className={linkClasses}>
            View your public page
          </Link>
        </li>
      </ul>
    </Section>
  );
}

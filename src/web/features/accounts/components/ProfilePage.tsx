// /profile: the customer's personal information. Names required, the
// email shown locked, phone and address optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { customerProfileSchema, type CustomerProfileInput } from '#domain/schemas/profile.schema';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { useProfile, type Profile } from '../api/get-profile.ts';
import { useUpdateCustomerProfile, type CustomerProfileBody } from '../api/update-customer-profile.ts';
import { FETCH_USER_FAILED, PROFILE_UPDATE_FAILED, PROFILE_UPDATED } from '../messages.ts';
import { fieldMaxLength } from '../format.ts';
import { AccountScreen, formClasses, LoadError, LoadingState, Section } from './AccountScreen.tsx';
import { LockedEmailField, SaveChangesRow } from './fields.tsx';

const customerFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
] as const satisfies readonly (keyof CustomerProfileBody)[];

function valuesOf(p: Profile): CustomerProfileBody {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone ?? '',
    address: p.address ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    zipCode: p.zipCode ?? '',
  };
}

export function ProfilePage() {
  const profile = useProfile();
  return (
    <AccountScreen
      title="My Profile"
      intro="Your name and contact details, as providers you talk to see them."
    >
      {profile.isPending ? (
        <LoadingState label="Loading your profile" />
      ) : profile.isError ? (
        <LoadError message={FETCH_USER_FAILED} onRetry={() => void profile.refetch()} />
      ) : (
        <CustomerProfileForm profile={profile.data} />
      )}
    </AccountScreen>
  );
}

function CustomerProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CustomerProfileBody, unknown, CustomerProfileInput>({
    resolver: zodResolver(customerProfileSchema),
    defaultValues: valuesOf(profile),
  });
  const mutation = useUpdateCustomerProfile({
    onSuccess: (_saved, sent) => {
      reset(sent);
      toast({ ...PROFILE_UPDATED, variant: 'success' });
    },
    onError: (err) => {
      showFieldErrors(err, customerFields, setError);
      toast({ title: errorMessage(err, PROFILE_UPDATE_FAILED), variant: 'destructive' });
    },
  });

  const fid = (name: string) => `${id}-${name}`;
  const field = (
    name: Exclude<(typeof customerFields)[number], 'email'>,
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
    <Section id={fid('heading')} title="Personal information">
      <form noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} className={formClasses}>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('firstName', 'First name', 'given-name')}
          {field('lastName', 'Last name', 'family-name')}
        </div>
        <LockedEmailField id={fid('email')} value={profile.email} />
        {field('phone', 'Phone (optional)', 'tel', { type: 'tel', inputMode: 'tel' })}
        {field('address', 'Address (optional)', 'street-address')}
        <div className="grid gap-4 sm:grid-cols-3">
          {field('city', 'City (optional)', 'address-level2')}
          {field('state', 'State (optional)', 'address-level1')}
          {field('zipCode', 'Zip code (optional)', 'postal-code', { inputMode: 'numeric' })}
        </div>
        <SaveChangesRow pending={mutation.isPending} />
      </form>
    </Section>
  );
}

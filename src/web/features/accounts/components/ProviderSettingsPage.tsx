// /provider/settings: the provider's account settings: first and last name,
// the email shown locked; a failure is titled "Update Failed"; the service area (decision 0048); and the notification
// email switch.
import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { providerSettingsSchema, type ProviderSettingsInput } from '#domain/schemas/profile.schema';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { LazyNotificationSettings } from '#web/features/notifications/index.ts';
import { ServiceAreaCard } from '#web/features/service-areas/index.ts';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { useProviderProfile, type ProviderProfile } from '../api/get-provider-profile.ts';
import { usePatchProviderProfile } from '../api/patch-provider-profile.ts';
import {
  FETCH_USER_FAILED,
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
  PROVIDER_SETTINGS_FAILED_TITLE,
} from '../messages.ts';
import { fieldMaxLength } from '../format.ts';
import { AccountScreen, formClasses, LoadError, LoadingState, Section } from './AccountScreen.tsx';
import { LockedEmailField, SaveChangesRow } from './fields.tsx';

type SettingsValues = { firstName: string; lastName: string };

export function ProviderSettingsPage() {
  const profile = useProviderProfile();
  return (
    <AccountScreen
      title="Provider Settings"
      intro={
        <>
          Your name on your account. Company, description and contact details are on your{' '}
          <Link
            href={paths.providerProfile}
            className="font-medium text-blue-700 underline dark:text-blue-300"
          >
            business profile
          </Link>
          .
        </>
      }
    >
      {profile.isPending ? (
        <LoadingState label="Loading your settings" />
      ) : profile.isError ? (
        <LoadError message={FETCH_USER_FAILED} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ProviderSettingsForm profile={profile.data} />
          <ServiceAreaCard />
          <Suspense fallback={<Spinner label="Loading notification settings" />}>
            <LazyNotificationSettings />
          </Suspense>
        </>
      )}
    </AccountScreen>
  );
}

function ProviderSettingsForm({ profile }: { profile: ProviderProfile }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SettingsValues, unknown, ProviderSettingsInput>({
    resolver: zodResolver(providerSettingsSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName },
  });
  const mutation = usePatchProviderProfile({
    onSuccess: (_saved, sent) => {
      reset(sent);
      toast({ ...PROFILE_UPDATED, variant: 'success' });
    },
    onError: (err) => {
      showFieldErrors(err, ['firstName', 'lastName'], setError);
      toast({
        title: PROVIDER_SETTINGS_FAILED_TITLE,
        description: errorMessage(err, PROFILE_UPDATE_FAILED),
        variant: 'destructive',
      });
    },
  });
  const fid = (name: string) => `${id}-${name}`;

  return (
    <Section id={fid('heading')} title="Account settings">
      <form
        noValidate
        onSubmit={handleSubmit((v) => mutation.mutate({ firstName: v.firstName, lastName: v.lastName }))}
        className={formClasses}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={fid('firstName')}
            label="First name"
            autoComplete="given-name"
            maxLength={fieldMaxLength.firstName}
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <InputField
            id={fid('lastName')}
            label="Last name"
            autoComplete="family-name"
            maxLength={fieldMaxLength.lastName}
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <LockedEmailField id={fid('email')} value={profile.email} />
        <SaveChangesRow pending={mutation.isPending} />
      </form>
    </Section>
  );
}

// The messaging limit picker of /settings: 5, 10, 20 (default) or unlimited. The limit is the most providers
// who may start a conversation with this user about one estimate.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Role } from '#domain/permissions';
import { userSettingsSchema, type UserSettingsInput } from '#domain/schemas/subscription.schema';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useSettings, type UserSettings } from '../api/get-settings.ts';
import { useUpdateSettings, type UserSettingsBody } from '../api/update-settings.ts';
import { messageLimitChoices } from '../format.ts';
import { SETTINGS_FETCH_FAILED, SETTINGS_SAVED, SETTINGS_UPDATE_FAILED } from '../messages.ts';
import { LoadError, LoadingState, Section } from './AccountScreen.tsx';

export function MessagingLimitSection({ role }: { role: Role }) {
  const id = useId();
  const settings = useSettings();
  return (
    <Section
      id={`${id}-heading`}
      title="Messaging limit"
      description={
        role === 'provider'
          ? 'For estimates you post: the most providers who may start a conversation with you about one estimate.'
          : 'The most providers who may start a conversation with you about one estimate.'
      }
    >
      {settings.isPending ? (
        <LoadingState label="Loading your settings" />
      ) : settings.isError ? (
        <LoadError message={SETTINGS_FETCH_FAILED} onRetry={() => void settings.refetch()} />
      ) : (
        <MessagingLimitForm settings={settings.data} />
      )}
    </Section>
  );
}

/** The stored limit as one of the choices; anything unexpected reads as the default, 20. */
function knownLimit(limit: number | null): UserSettingsBody['messageLimit'] {
  return messageLimitChoices.find((c) => c.limit === limit)?.limit ?? 20;
}

function MessagingLimitForm({ settings }: { settings: UserSettings }) {
  const id = useId();
  const { control, handleSubmit, reset } = useForm<UserSettingsBody, unknown, UserSettingsInput>({
    resolver: zodResolver(userSettingsSchema),
    defaultValues: { messageLimit: knownLimit(settings.messageLimit) },
  });
  const mutation = useUpdateSettings({
    onSuccess: (_saved, sent) => {
      reset(sent);
      toast({ title: 'Settings saved', description: SETTINGS_SAVED, variant: 'success' });
    },
    onError: (err) =>
      toast({
        title: SETTINGS_UPDATE_FAILED,
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <form noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} className="space-y-4">
      <Controller
        control={control}
        name="messageLimit"
        render={({ field }) => (
          <fieldset>
            <legend className="sr-only">Providers per estimate</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {messageLimitChoices.map((c) => {
                const checked = field.value === c.limit;
                return (
                  <label
                    key={c.value}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 dark:has-[:focus-visible]:ring-blue-400',
                      checked
                        ? 'border-blue-700 bg-blue-50 dark:border-blue-400 dark:bg-blue-950'
                        : 'border-slate-300 hover:border-slate-400 dark:border-slate-600',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-limit`}
                      value={c.value}
                      checked={checked}
                      onChange={() => field.onChange(c.limit)}
                      onBlur={field.onBlur}
                      className="h-4 w-4 accent-blue-700"
                    />
                    <span>
                      <span className="font-medium">{c.label}</span>
                      {'note' in c && (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">{c.note}</span>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending ? 'Saving…' : 'Save preferences'}
        </Button>
      </div>
    </form>
  );
}

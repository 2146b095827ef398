// /post: the post-project form. No client validation: it sends what was typed
// and shows the server's field messages. Anonymous visitors fill it in, then sign up or sign in and come back
// to the same answers (the draft, hooks/usePostDraft.ts); posting needs a verified customer account
// (decision record 0009). Failures show the server's error or "Failed (HTTP status)".
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { DEFAULT_PROJECT_CITY, postProjectCategories } from '#domain/catalog/categories';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { FormField, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { useProjectCities } from '../api/get-project-cities.ts';
import { usePostProject } from '../api/post-project.ts';
import { postErrorText } from '../format.ts';
import { handOffDraft, usePostDraft, type PostDraft } from '../hooks/usePostDraft.ts';
import { PageHeading, selectClasses } from './states.tsx';

const loginHref = `${paths.login}?next=${encodeURIComponent(paths.post)}`;

export function PostProjectPage() {
  const { user, isLoading: authLoading } = useAuth();
  const [, navigate] = useLocation();
  const { draft, update, reset } = usePostDraft(DEFAULT_PROJECT_CITY);
  const cities = useProjectCities();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [needsAccount, setNeedsAccount] = useState(false);
  const ids = {
    title: useId(),
    category: useId(),
    city: useId(),
    zipCode: useId(),
    description: useId(),
    min: useId(),
    max: useId(),
  };

  const mutation = usePostProject({
    onSuccess: ({ project }) => {
      reset();
      toast({
        title: 'Project posted',
        description: 'Providers can now see it and send offers.',
        variant: 'success',
      });
      navigate(paths.project(project.id));
    },
    onError: (err) => {
      const parsed = parseApiError(err);
      setFields(parsed.fields);
      // Field messages sit under their fields; anything else is the server's error or "Failed (status)".
      setFormError(Object.keys(parsed.fields).length > 0 ? null : postErrorText(err));
    },
  });

  const cityOptions = (() => {
    const list = cities.data?.cities ?? [DEFAULT_PROJECT_CITY];
    const withDefault = list.some((c) => c.toLowerCase() === DEFAULT_PROJECT_CITY.toLowerCase())
      ? list
      : [DEFAULT_PROJECT_CITY, ...list];
    return draft.city && !withDefault.includes(draft.city) ? [draft.city, ...withDefault] : withDefault;
  })();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFields({});
    setFormError(null);
    if (!user) {
      handOffDraft(draft);
      setNeedsAccount(true);
      return;
    }
    mutation.mutate({ ...draft } satisfies PostDraft);
  }

  const set = (key: keyof PostDraft) => (e: { target: { value: string } }) => update(key, e.target.value);
  const invalid = (key: string) =>
    fields[key] ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(idFor(key)) } : {};
  const idFor = (key: string) =>
    ({
      title: ids.title,
      category: ids.category,
      city: ids.city,
      zipCode: ids.zipCode,
      description: ids.description,
      minBudget: ids.min,
      maxBudget: ids.max,
    })[key] ?? key;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading
        title="Post My Project"
        intro="Tell local providers what you need. It takes a minute; your contact details stay private until you choose to connect."
      />
      {!authLoading && !user && (
        <Alert variant="info" className="mb-6" title="You'll need a free account to post">
          <p>
            Fill in the form now. When you post, we'll ask you to sign up or log in and bring you back with
            your answers kept.
          </p>
        </Alert>
      )}
      {user?.role === 'provider' && (
        <Alert variant="warning" className="mb-6" title="Posting is for customers">
          <p>
            Provider accounts send offers on projects instead.{' '}
            <Link href={paths.projects} className="font-medium underline">
              See live projects
            </Link>
            .
          </p>
        </Alert>
      )}
      {needsAccount && (
        <Alert variant="warning" className="mb-6" title="Sign up or log in to post your project">
          <p>Your answers are saved on this device. You'll come back to this form after signing in.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link href={paths.signup} className={buttonClasses('primary', 'sm')}>
              Sign up free
            </Link>
            <Link href={loginHref} className={buttonClasses('outline', 'sm')}>
              Log in
            </Link>
          </div>
        </Alert>
      )}

      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="post-form-title"
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="post-form-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Project details
        </h2>
        <FormField id={ids.title} label="Project title" error={fields.title}>
          <Input
            id={ids.title}
            value={draft.title}
            onChange={set('title')}
            placeholder="e.g. Replace kitchen cabinets"
            {...invalid('title')}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={ids.category} label="Category" error={fields.category}>
            <select
              id={ids.category}
              className={selectClasses}
              value={draft.category}
              onChange={set('category')}
              {...invalid('category')}
            >
              <option value="">Select a category</option>
              {postProjectCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={ids.city} label="City" error={fields.city}>
            <select
              id={ids.city}
              className={selectClasses}
              value={draft.city}
              onChange={set('city')}
              {...invalid('city')}
            >
              {cityOptions.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={ids.zipCode} label="ZIP code (optional)" error={fields.zipCode}>
            <Input
              id={ids.zipCode}
              inputMode="numeric"
              autoComplete="postal-code"
              value={draft.zipCode ?? ''}
              onChange={set('zipCode')}
              {...invalid('zipCode')}
            />
          </FormField>
        </div>
        <FormField id={ids.description} label="Description" error={fields.description}>
          <Textarea
            id={ids.description}
            value={draft.description}
            onChange={set('description')}
            rows={5}
            placeholder="What needs doing, sizes, materials, timing…"
            {...invalid('description')}
          />
        </FormField>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-white">
            Budget (USD, optional)
          </legend>
          <FormField id={ids.min} label="Minimum budget" error={fields.minBudget}>
            <Input
              id={ids.min}
              inputMode="decimal"
              value={draft.minBudget}
              onChange={set('minBudget')}
              placeholder="e.g. 2000"
              {...invalid('minBudget')}
            />
          </FormField>
          <FormField id={ids.max} label="Maximum budget" error={fields.maxBudget}>
            <Input
              id={ids.max}
              inputMode="decimal"
              value={draft.maxBudget}
              onChange={set('maxBudget')}
              placeholder="e.g. 5000"
              {...invalid('maxBudget')}
            />
          </FormField>
        </fieldset>
        {formError && (
          <Alert variant="destructive">
            <p>{formError}</p>
            {/verify your email/i.test(formError) && (
              <p className="mt-2">
                <Link href={paths.emailNotVerified} className="font-medium underline">
                  Resend the verification email
                </Link>
              </p>
            )}
          </Alert>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={mutation.isPending}>
            {mutation.isPending ? 'Posting…' : 'Post Project'}
          </Button>
          <Link href={paths.browse} className={buttonClasses('ghost')}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}

// The upload of a license or an insurance certificate: the kind switches the fields (a license: the state that
// issued it, its number and trade; insurance: the insurer, the policy number and the coverage in dollars), then the
// expiry date and the document. The browser checks what credentialFieldsSchema checks, with its messages, and the
// document's size and type; the server reads the type from the content and decides. Its refusals show at their
// fields.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { CredentialKind } from '#domain/profiles';
import { CREDENTIAL_LIMITS, credentialFieldsSchema } from '#domain/schemas/pro-profile.schema';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, FormField, fieldErrorId, InputField } from '#web/components/ui/form-field.tsx';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useUploadCredential } from '../api/credentials.ts';
import { US_STATES } from '../us-states.ts';
import { dayAfter, documentProblem, localToday } from '../words.ts';

type FieldName =
  'state' | 'number' | 'trade' | 'insurer' | 'policyNumber' | 'coverageAmount' | 'expiresOn' | 'document';
type Values = Record<Exclude<FieldName, 'document'>, string>;

const empty: Values = {
  state: '',
  number: '',
  trade: '',
  insurer: '',
  policyNumber: '',
  coverageAmount: '',
  expiresOn: '',
};

const kindFields: Record<CredentialKind, readonly FieldName[]> = {
  license: ['state', 'number', 'trade', 'expiresOn', 'document'],
  insurance: ['insurer', 'policyNumber', 'coverageAmount', 'expiresOn', 'document'],
};

export function CredentialForm({ onUploaded }: { onUploaded: () => void }) {
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const [kind, setKind] = useState<CredentialKind>('license');
  const [values, setValues] = useState<Values>(empty);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const today = localToday();

  const upload = useUploadCredential({
    onSuccess: () => {
      setValues(empty);
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      setErrors({});
      toast({
        title: kind === 'license' ? 'License uploaded' : 'Insurance uploaded',
        description: 'It is waiting for review. You will be told in your notifications when it is checked.',
        variant: 'success',
      });
      onUploaded();
    },
    onError: (err) => {
      const parsed = parseApiError(err);
      const found: Partial<Record<FieldName, string>> = {};
      for (const name of kindFields[kind]) if (parsed.fields[name]) found[name] = parsed.fields[name];
      setErrors(found);
      const shown = Object.keys(found).length > 0;
      setFormError(
        shown
          ? null
          : (parsed.message ?? 'The document could not be uploaded. Check your connection and try again.'),
      );
      focusFirst(found);
    },
  });

  const focusFirst = (found: Partial<Record<FieldName, string>>) => {
    const first = kindFields[kind].find((n) => found[n]);
    if (first)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fid(first))}`)?.focus(),
      );
  };

  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const raw =
      kind === 'license'
        ? {
            kind,
            // Nothing chosen reads as missing: the schema then says "Choose the state that issued the license".
            state: values.state || undefined,
            number: values.number,
            trade: values.trade,
            expiresOn: values.expiresOn,
          }
        : {
            kind,
            insurer: values.insurer,
            policyNumber: values.policyNumber,
            coverageAmount: values.coverageAmount.replace(/[$,\s]/g, ''),
            expiresOn: values.expiresOn,
          };
    const parsed = credentialFieldsSchema.safeParse(raw);
    const found: Partial<Record<FieldName, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
    }
    if (values.expiresOn === '') found.expiresOn = 'Enter the expiry date';
    else if (!found.expiresOn && values.expiresOn <= today)
      found.expiresOn = 'The expiry date must be in the future';
    const problem = documentProblem(file, CREDENTIAL_LIMITS.maxDocumentBytes);
    if (problem) found.document = problem;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0 || !file) {
      focusFirst(found);
      return;
    }
    upload.mutate({ fields: parsed.data, document: file });
  };

  const text = (
    name: keyof Values,
    label: string,
    extra: { inputMode?: 'numeric'; maxLength: number; hint?: string },
  ) => (
    <InputField
      id={fid(name)}
      label={label}
      value={values[name]}
      onChange={(e) => set(name)(e.target.value)}
      error={errors[name]}
      hint={extra.hint}
      inputMode={extra.inputMode}
      maxLength={extra.maxLength}
      autoComplete="off"
    />
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-describedby={`${id}-why`}>
      <p id={`${id}-why`} className="text-sm text-slate-700 dark:text-slate-300">
        An admin checks the document against the details you enter. Once verified, it shows as a badge on your
        page and your bids until it expires.
      </p>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          What are you adding?
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(['license', 'insurance'] as const).map((k) => (
            <label
              key={k}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 text-sm text-slate-900 has-[:checked]:border-blue-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 dark:border-slate-700 dark:text-slate-100 dark:has-[:checked]:border-blue-400"
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setErrors({});
                }}
                className="h-4 w-4 accent-blue-700"
              />
              {k === 'license' ? 'A license' : 'Insurance'}
            </label>
          ))}
        </div>
      </fieldset>

      {kind === 'license' ? (
        <>
          <FormField id={fid('state')} label="State that issued it" error={errors.state}>
            <select
              id={fid('state')}
              value={values.state}
              onChange={(e) => set('state')(e.target.value)}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={errors.state ? fieldErrorId(fid('state')) : undefined}
              className={cn(fieldClasses, 'h-10')}
            >
              <option value="">Choose a state</option>
              {US_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </FormField>
          {text('number', 'License number', { maxLength: 40 })}
          {text('trade', 'Trade', {
            maxLength: 80,
            hint: 'As the license names it, such as General contractor',
          })}
        </>
      ) : (
        <>
          {text('insurer', 'Insurer', { maxLength: 120 })}
          {text('policyNumber', 'Policy number', { maxLength: 60 })}
          {text('coverageAmount', 'General liability coverage (dollars)', {
            inputMode: 'numeric',
            maxLength: 15,
            hint: 'Per occurrence, such as 1000000',
          })}
        </>
      )}
      <InputField
        id={fid('expiresOn')}
        label="Expires on"
        type="date"
        min={dayAfter(today)}
        value={values.expiresOn}
        onChange={(e) => set('expiresOn')(e.target.value)}
        error={errors.expiresOn}
      />
      <div className="space-y-1.5">
        <label htmlFor={fid('document')} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Document (PDF, JPEG or PNG, up to 10 MB)
        </label>
        <input
          ref={fileRef}
          id={fid('document')}
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          aria-invalid={errors.document ? true : undefined}
          aria-describedby={errors.document ? fieldErrorId(fid('document')) : `${fid('document')}-hint`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((x) => ({ ...x, document: undefined }));
          }}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-blue-700 file:px-3 file:py-2 file:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-slate-200"
        />
        {!errors.document && (
          <p id={`${fid('document')}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            Only you and the admins who check it can open it.
          </p>
        )}
        <FieldError id={fid('document')} message={errors.document} />
      </div>
      {formError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      )}
      <Button type="submit" disabled={upload.isPending} className="w-full sm:w-auto">
        {upload.isPending ? 'Uploading…' : kind === 'license' ? 'Upload the license' : 'Upload the insurance'}
      </Button>
    </form>
  );
}

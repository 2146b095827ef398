// A provider's message or offer on a public project (POST /api/projects/{id}/messages {body, offerAmount}): on the
// project page and in the dialog the providers' task feeds open. Field messages sit under their fields; any other
// failure is the server's error or "Failed".
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { parseApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useSendProjectMessage } from '../api/send-project-message.ts';
import { actionErrorText } from '../format.ts';

/** What connecting means, said wherever an offer is made or a contact shared. */
export const CONTACT_SHARING_NOTE =
  'When the customer connects with a provider, HomeFix shares the customer’s name, email and phone with that provider. The work is then arranged between the two of them, outside HomeFix: a project gets no estimate, bid or job tracking here.';

export function ContactSharingNote({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-slate-700 dark:text-slate-300', className)}>
      <span className="font-semibold text-slate-900 dark:text-white">How connecting works: </span>
      {CONTACT_SHARING_NOTE}
    </p>
  );
}

export function ProjectOfferForm({
  projectId,
  heading,
  onSent,
  className,
}: {
  projectId: string;
  /** The form's own heading; without one the form is named by `aria-labelledby` of the dialog around it. */
  heading?: ReactNode;
  onSent?: () => void;
  className?: string;
}) {
  const send = useSendProjectMessage();
  const [body, setBody] = useState('');
  const [offer, setOffer] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const offerId = useId();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFields({});
    setError(null);
    setSent(false);
    send.mutate(
      { projectId, body: { body, offerAmount: offer } },
      {
        onSuccess: () => {
          setBody('');
          setOffer('');
          setSent(true);
          onSent?.();
        },
        onError: (err) => {
          const parsed = parseApiError(err);
          setFields(parsed.fields);
          setError(Object.keys(parsed.fields).length > 0 ? null : actionErrorText(err));
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={heading ? headingId : undefined}
      className={cn('space-y-4', className)}
    >
      {heading && (
        <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
          {heading}
        </h2>
      )}
      <FormField id={bodyId} label="Message" error={fields.body}>
        <Textarea
          id={bodyId}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={4}
          placeholder="Introduce yourself, ask a question or describe your offer"
          aria-invalid={fields.body ? true : undefined}
          aria-describedby={fields.body ? fieldErrorId(bodyId) : undefined}
        />
      </FormField>
      <FormField id={offerId} label="Offer amount (USD, optional)" error={fields.offerAmount}>
        <Input
          id={offerId}
          inputMode="decimal"
          value={offer}
          onChange={(e) => setOffer(e.target.value)}
          placeholder="e.g. 4500"
          className="sm:max-w-xs"
          aria-invalid={fields.offerAmount ? true : undefined}
          aria-describedby={fields.offerAmount ? fieldErrorId(offerId) : undefined}
        />
      </FormField>
      {error && <Alert variant="destructive">{error}</Alert>}
      {sent && <Alert variant="success">Message sent</Alert>}
      <Button type="submit" disabled={send.isPending || body.trim() === ''}>
        {send.isPending ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { site } from '@/config/site';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import type { PrivacyKind } from '@/lib/api/types';
import { honeypotValue } from '@/lib/honeypot';
import { z } from '@/lib/zod';
import { useRequestPrivacy } from '../api/request-privacy';

const kinds = [
  { value: 'copy', label: 'A copy of my data' },
  { value: 'erasure', label: 'Erase my data' },
] as const satisfies readonly { value: PrivacyKind; label: string }[];

const schema = z.object({
  kind: z.enum(['copy', 'erasure'], 'Please choose a copy or an erasure'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
});
type Values = z.input<typeof schema>;
const fields = ['kind', 'email'] as const;

/** The card the request sits on, as the other pages of a guest's own (a waitlist offer, a rating). */
const cardClass =
  'relative isolate overflow-hidden border border-gold/30 bg-surface px-6 py-10 shadow-2xl shadow-black/40 sm:px-12 sm:py-14';

/**
 * The Privacy page's request: a copy of what we hold about an address, or
 * its erasure. Nothing is done on the form's word: the address is mailed a
 * link, and only its owner's press on it makes the request (so no one can
 * ask for another's data).
 */
export function PrivacyRequestForm() {
  const send = useRequestPrivacy();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    // No choice made for her: she picks what she wants.
    defaultValues: { kind: '' as PrivacyKind, email: '' },
  });

  const onSubmit = handleSubmit(async (values, event) => {
    setProblem(null);
    try {
      await send.mutateAsync({ kind: values.kind, email: values.email.trim(), website: honeypotValue(event) });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if ((fields as readonly string[]).includes(field)) setError(field as (typeof fields)[number], { message });
        }
        return;
      }
      setProblem(preferServerMessage(error, `Your request did not reach us. Please try again in a moment, or write to ${site.email}.`));
    }
  });

  if (send.isSuccess) return <Sent />;

  return (
    <section id="ask" aria-labelledby="privacy-request-heading" className={`${cardClass} scroll-mt-24`}>
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <p className="eyebrow">Your data, your say</p>
      <h2 id="privacy-request-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl">
        Ask for a copy, or to be forgotten
      </h2>
      <span className="gold-rule mt-6 bg-gold" />
      <p className="mt-6 max-w-xl text-sand">
        Give us the address you used with us. We mail it a link to confirm that the request is yours: nothing happens until you press it. We
        answer within 30 days, usually much sooner.
      </p>
      <form noValidate onSubmit={onSubmit} aria-label="Privacy request" className="mt-9 grid gap-7">
        <HoneypotField />
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <div>
              <p id="privacy-kind-label" className="mb-3 block text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
                What would you like?
              </p>
              <RadioGroup
                ref={field.ref}
                aria-labelledby="privacy-kind-label"
                aria-describedby={fieldState.error ? 'privacy-kind-error' : undefined}
                aria-invalid={fieldState.error ? true : undefined}
                value={field.value}
                onValueChange={field.onChange}
                className="gap-3 sm:grid-cols-2"
              >
                {kinds.map((kind) => (
                  <RadioTile key={kind.value} value={kind.value}>
                    {kind.label}
                  </RadioTile>
                ))}
              </RadioGroup>
              {fieldState.error ? (
                <p id="privacy-kind-error" role="alert" className="mt-2 text-sm text-danger">
                  {fieldState.error.message}
                </p>
              ) : null}
            </div>
          )}
        />
        <FormField
          control={control}
          name="email"
          id="privacy-email"
          label="Your email"
          hint="The address of your bookings, orders or mail."
        >
          <Input type="email" autoComplete="email" />
        </FormField>
        {problem ? <Alert>{problem}</Alert> : null}
        <div>
          <Button type="submit" size="lg" disabled={formState.isSubmitting} className="w-full sm:w-auto">
            {formState.isSubmitting ? 'Sending...' : 'Send my request'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Sent() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that was sent is gone: bring focus (and a screen reader) to what comes next.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section id="ask" aria-labelledby="privacy-sent-heading" data-testid="privacy-request-sent" className={`${cardClass} text-center`}>
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-gold/60 text-gold">
        <MailCheck aria-hidden className="size-5" strokeWidth={1.5} />
      </span>
      <h2 id="privacy-sent-heading" ref={heading} tabIndex={-1} className="mt-6 font-display text-3xl text-ivory outline-none sm:text-4xl">
        One more step
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-lg text-ivory">Check your inbox: we sent a link to confirm the request.</p>
      <p className="mx-auto mt-3 max-w-md text-sand">
        The link works for 7 days. Nothing arrived? Look in your spam folder, or write to us at{' '}
        <a href={`mailto:${site.email}`} className="break-all text-gold-light underline decoration-gold/40 underline-offset-4">
          {site.email}
        </a>
        .
      </p>
    </section>
  );
}

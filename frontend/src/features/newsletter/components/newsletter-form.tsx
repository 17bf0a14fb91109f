import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '@/lib/zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { toast } from '@/components/ui/toast-store';
import { honeypotValue } from '@/lib/honeypot';
import { useCreateSubscription } from '../api/create-subscription';

const schema = z.object({ email: z.string().trim().pipe(z.email('Please enter a valid email address')) });
type Values = z.input<typeof schema>;

export function NewsletterForm() {
  const subscribe = useCreateSubscription();
  const { control, handleSubmit, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }, event) => {
    try {
      await subscribe.mutateAsync({ email: email.trim(), website: honeypotValue(event) });
      toast({ title: 'Thank you for subscribing!', description: 'Seasonal notes from the mountain will arrive in your inbox.' });
      reset();
    } catch {
      toast({
        title: 'Subscription Failed',
        description: 'Sorry, we could not add your email just now. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const busy = formState.isSubmitting;
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="relative isolate overflow-hidden border border-gold/30 bg-surface px-6 py-14 text-center sm:px-12"
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <p className="eyebrow">The Journal, by letter</p>
      <h2 id="newsletter-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl">
        Join Our Newsletter
      </h2>
      <p className="mx-auto mt-4 max-w-lg text-sand">
        Seasonal rituals, new botanicals and quiet openings in the calendar — a few letters a year, never more.
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="mx-auto mt-8 flex max-w-lg flex-col gap-3 sm:flex-row"
        aria-label="Newsletter subscription"
      >
        <HoneypotField />
        <FormField control={control} name="email" id="newsletter-email" label="Email address" hideLabel className="flex-1 text-left">
          <Input type="email" autoComplete="email" placeholder="Your email address" />
        </FormField>
        <Button type="submit" size="lg" disabled={busy} className="sm:self-start">
          {busy ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
    </section>
  );
}

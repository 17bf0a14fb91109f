import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { fieldAria } from '@/components/ui/field-styles';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { contactInterests } from '@/config/site';
import type { NewContactMessage } from '@/lib/api/types';
import { useCreateContactMessage } from '../api/create-contact-message';

/** Spec §5: the contact form's rules and exact messages. */
const contactSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  interest: z.string(),
  message: z.string().trim().min(1, 'Message is required'),
});
type ContactValues = z.input<typeof contactSchema>;
const empty: ContactValues = { firstName: '', lastName: '', email: '', interest: '', message: '' };

export function ContactForm() {
  const send = useCreateContactMessage();
  const { register, control, handleSubmit, reset, formState } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: empty,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const body: NewContactMessage = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      interest: values.interest === '' ? null : (values.interest as NewContactMessage['interest']),
      message: values.message.trim(),
    };
    try {
      await send.mutateAsync(body);
      toast({ title: 'Message Sent', description: "Thank you for reaching out! We'll get back to you soon." });
      reset(empty);
    } catch {
      toast({
        title: 'Message Failed',
        description: 'Sorry, there was an error sending your message. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 sm:grid-cols-2" aria-label="Contact form">
      <Field id="contact-first-name" label="First name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" {...fieldAria('contact-first-name', errors.firstName?.message)} {...register('firstName')} />
      </Field>
      <Field id="contact-last-name" label="Last name" error={errors.lastName?.message}>
        <Input autoComplete="family-name" {...fieldAria('contact-last-name', errors.lastName?.message)} {...register('lastName')} />
      </Field>
      <Field id="contact-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldAria('contact-email', errors.email?.message)} {...register('email')} />
      </Field>
      <Field id="contact-interest" label="I'm interested in" optional>
        <Controller
          control={control}
          name="interest"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger id="contact-interest" onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder="Select an interest" />
              </SelectTrigger>
              <SelectContent>
                {contactInterests.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field id="contact-message" label="Message" error={errors.message?.message} className="sm:col-span-2">
        <Textarea rows={6} {...fieldAria('contact-message', errors.message?.message)} {...register('message')} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}

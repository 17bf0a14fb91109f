import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '@/lib/zod';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { contactInterests } from '@/config/site';
import { HoneypotField } from '@/components/ui/honeypot-field';
import type { NewContactMessage } from '@/lib/api/types';
import { honeypotValue } from '@/lib/honeypot';
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
  const { control, handleSubmit, reset, formState } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async (values, event) => {
    const body: NewContactMessage = {
      website: honeypotValue(event),
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
      <HoneypotField />
      <FormField control={control} name="firstName" id="contact-first-name" label="First name">
        <Input autoComplete="given-name" />
      </FormField>
      <FormField control={control} name="lastName" id="contact-last-name" label="Last name">
        <Input autoComplete="family-name" />
      </FormField>
      <FormField control={control} name="email" id="contact-email" label="Email">
        <Input type="email" autoComplete="email" />
      </FormField>
      <FormField control={control} name="interest" id="contact-interest" label="I'm interested in" optional>
        {(field) => (
          <Select value={field.value} onValueChange={field.onChange} name={field.name}>
            <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
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
      </FormField>
      <FormField control={control} name="message" id="contact-message" label="Message" className="sm:col-span-2">
        <Textarea rows={6} />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from '@/lib/zod';
import { Field, Input, Textarea } from './field';
import { FormField } from './form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

const schema = z.object({
  email: z.string().pipe(z.email('Please enter a valid email address')),
  slug: z.string().min(1, 'Slug is required'),
  notes: z.string(),
  service: z.string().min(1, 'Please select a service'),
});
type Values = z.input<typeof schema>;

let form: UseFormReturn<Values> | undefined;

function Harness() {
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', slug: '', notes: '', service: '' },
  });
  useEffect(() => {
    form = methods;
  });
  const { control, handleSubmit } = methods;
  return (
    <form noValidate onSubmit={handleSubmit(() => undefined)}>
      <FormField control={control} name="email" id="f-email" label="Email">
        <Input type="email" />
      </FormField>
      <FormField control={control} name="slug" id="f-slug" label="Slug" hint="Lowercase; spaces become hyphens.">
        <Input />
      </FormField>
      <FormField control={control} name="notes" label="Notes" optional>
        <Textarea />
      </FormField>
      <FormField control={control} name="service" id="f-service" label="Service">
        {(field) => (
          <Select value={field.value} onValueChange={field.onChange} name={field.name}>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
              <SelectValue placeholder="Select a service" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="massage">Massage</SelectItem>
            </SelectContent>
          </Select>
        )}
      </FormField>
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(() => {
  cleanup();
  form = undefined;
});

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

describe('FormField', () => {
  it('labels the control and points it at its hint', () => {
    render(<Harness />);
    const email = screen.getByLabelText('Email');
    expect(email.id).toBe('f-email');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(email.getAttribute('aria-describedby')).toBeNull();

    const slug = screen.getByLabelText('Slug');
    expect(slug.getAttribute('aria-describedby')).toBe('f-slug-hint');
    expect(document.getElementById('f-slug-hint')?.textContent).toBe('Lowercase; spaces become hyphens.');

    // Without an id one is generated, and the label still finds the control.
    expect(screen.getByLabelText(/Notes/).tagName).toBe('TEXTAREA');
    expect(screen.getByText('(optional)').tagName).toBe('SPAN');
  });

  it('registers a plain control under its name', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'wren@example.com' } });
    fireEvent.change(screen.getByLabelText(/Notes/), { target: { value: 'Quiet room' } });
    expect(form?.getValues()).toMatchObject({ email: 'wren@example.com', notes: 'Quiet room' });
  });

  it('shows the error by name and wires aria-invalid and aria-describedby to it', async () => {
    render(<Harness />);
    await submit();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('f-email-error');
    expect(document.getElementById('f-email-error')?.textContent).toBe('Please enter a valid email address');
    expect(document.getElementById('f-email-error')?.getAttribute('role')).toBe('alert');

    // The error replaces the hint, and the control points at the error.
    const slug = screen.getByLabelText('Slug');
    expect(slug.getAttribute('aria-describedby')).toBe('f-slug-error');
    expect(document.getElementById('f-slug-hint')).toBeNull();

    // A controlled widget (render prop) is wired the same way.
    const service = screen.getByLabelText('Service');
    expect(service.tagName).toBe('BUTTON');
    expect(service.getAttribute('aria-invalid')).toBe('true');
    expect(service.getAttribute('aria-describedby')).toBe('f-service-error');
  });

  it('shows an error the server sent (setError)', async () => {
    render(<Harness />);
    act(() => form?.setError('email', { message: 'This email is already subscribed' }));
    expect((await screen.findByText('This email is already subscribed')).id).toBe('f-email-error');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Field', () => {
  it('wires a control that is not a form value (no registration)', () => {
    render(
      <Field id="card-number" label="Card number">
        <Input required />
      </Field>,
    );
    const input = screen.getByLabelText('Card number');
    expect(input.id).toBe('card-number');
    expect(input.getAttribute('name')).toBeNull();
  });
});

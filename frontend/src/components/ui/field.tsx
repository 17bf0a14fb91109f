import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { FieldContext, useFieldControl } from './field-context';
import { controlClass as control } from './field-styles';

/** A text input; inside a <Field>/<FormField> it takes its id, aria-* and (in a FormField) its registration. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  const field = useFieldControl();
  return <input className={cn(control, 'h-12', className)} {...field.aria} {...field.registration} {...props} />;
}

/** A textarea, wired like <Input>. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  const field = useFieldControl();
  return (
    <textarea className={cn(control, 'min-h-28 py-3 leading-relaxed', className)} {...field.aria} {...field.registration} {...props} />
  );
}

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root className={cn('mb-2 block text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand', className)} {...props} />
  );
}

export type FieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  /** The label is for screen readers only (the placeholder says it for the eye). */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
  /** Set by <FormField>: the control spreads it. */
  registration?: UseFormRegisterReturn;
};

/**
 * Label + control + hint + error. The control inside (Input, Textarea,
 * SelectTrigger) takes id, aria-invalid and aria-describedby (the hint, or the
 * error once there is one) from here. Fields of a react-hook-form form use
 * <FormField>, which finds the error by name; <Field> alone is for controls
 * outside a form's values (the card details at checkout).
 */
export function Field({ id, label, error, hint, optional, hideLabel, className, children, registration }: FieldProps) {
  const shownHint = error ? undefined : hint;
  const describedBy = error ? `${id}-error` : shownHint ? `${id}-hint` : undefined;
  return (
    <FieldContext.Provider value={{ id, invalid: Boolean(error), describedBy, registration }}>
      <div className={cn('flex flex-col', className)}>
        <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
          {label}
          {optional ? (
            <>
              {' '}
              <span className="ml-1 normal-case tracking-normal text-muted">(optional)</span>
            </>
          ) : null}
        </Label>
        {children}
        {shownHint ? (
          <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
            {shownHint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

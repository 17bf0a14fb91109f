import { useId, type ReactNode } from 'react';
import { Controller, useFormState, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from './field';

type FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  FieldProps,
  'id' | 'error' | 'children' | 'registration'
> & {
  /** The form's control: the field's name is checked against its values. */
  control: Control<TValues>;
  name: TName;
  /** The control's id (the label points at it); a generated one by default. */
  id?: string;
  /**
   * A plain control (Input, Textarea) is registered under `name` by itself;
   * a controlled one (Select) is rendered by a function given the field.
   */
  children: ReactNode | ((field: ControllerRenderProps<TValues, TName>) => ReactNode);
};

/**
 * One form field of a react-hook-form form, like shadcn/ui's Form primitives:
 * the label, the hint, the field's current error (validation or the server's)
 * and the control's id, aria-invalid and aria-describedby, all from `name`.
 *
 *   <FormField control={control} name="email" id="contact-email" label="Email">
 *     <Input type="email" autoComplete="email" />
 *   </FormField>
 *   <FormField control={control} name="service" label="Service">
 *     {(field) => <Select value={field.value} onValueChange={field.onChange}>…</Select>}
 *   </FormField>
 */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  id,
  children,
  ...field
}: FormFieldProps<TValues, TName>) {
  const generatedId = useId();
  const formState = useFormState({ control, name });
  const error = control.getFieldState(name, formState).error?.message;
  const controlled = typeof children === 'function';
  return (
    <Field id={id ?? generatedId} error={error} registration={controlled ? undefined : control.register(name)} {...field}>
      {controlled ? <Controller control={control} name={name} render={({ field: props }) => <>{children(props)}</>} /> : children}
    </Field>
  );
}

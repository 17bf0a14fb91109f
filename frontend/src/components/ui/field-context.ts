import { createContext, useContext } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export type FieldContextValue = {
  id: string;
  invalid: boolean;
  /** The ids of the hint and/or error shown under the control. */
  describedBy: string | undefined;
  /** From <FormField> with a plain control as its child: the field's register(name). */
  registration?: UseFormRegisterReturn;
};

export const FieldContext = createContext<FieldContextValue | null>(null);

/**
 * What a control inside <Field>/<FormField> needs: id (the label's htmlFor),
 * aria-invalid and aria-describedby. Outside a field, nothing.
 */
export function useFieldControl() {
  const field = useContext(FieldContext);
  if (!field) return { aria: {}, registration: undefined };
  return {
    aria: {
      id: field.id,
      'aria-invalid': field.invalid ? true : undefined,
      'aria-describedby': field.describedBy,
    } as const,
    registration: field.registration,
  };
}

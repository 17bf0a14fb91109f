import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { fieldAria } from '@/components/ui/field-styles';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCreateBlackout } from '../api/create-blackout';
import { blackoutSchema, emptyBlackout, type BlackoutFormValues } from '../blackout-schema';
import { blackoutTypes } from '../calendar-logic';
import { useReturnFocus } from '../../shared/use-return-focus';
import { FormActions } from '../../shared/ui';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Values to start from; a new `presetVersion` applies them (Block First 3 Months). */
  preset?: BlackoutFormValues;
  presetVersion: number;
};

export function BlackoutDialog({ open, onOpenChange, preset, presetVersion }: Props) {
  const returnFocus = useReturnFocus(open);
  const create = useCreateBlackout();
  const { register, control, handleSubmit, reset, formState } = useForm<BlackoutFormValues>({
    resolver: zodResolver(blackoutSchema),
    defaultValues: emptyBlackout,
  });
  const { errors } = formState;

  useEffect(() => {
    if (presetVersion > 0 && preset) reset(preset);
  }, [presetVersion, preset, reset]);

  const [startDate, endDate] = useWatch({ control, name: ['startDate', 'endDate'] });
  const ready = Boolean(startDate) && Boolean(endDate);

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      {
        startDate: values.startDate,
        endDate: values.endDate,
        type: values.type,
        reason: values.reason.trim() === '' ? null : values.reason.trim(),
      },
      {
        onSuccess: () => {
          reset(emptyBlackout);
          onOpenChange(false);
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Calendar</p>
          <DialogTitle>Add Blackout Dates</DialogTitle>
          <DialogDescription>Close bookings for a period, first and last day included.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2" aria-label="Add blackout dates">
          <Field id="blackout-start" label="Start date" error={errors.startDate?.message}>
            <Input type="date" required {...fieldAria('blackout-start', errors.startDate?.message)} {...register('startDate')} />
          </Field>
          <Field id="blackout-end" label="End date" error={errors.endDate?.message}>
            <Input
              type="date"
              required
              min={startDate || undefined}
              {...fieldAria('blackout-end', errors.endDate?.message)}
              {...register('endDate')}
            />
          </Field>
          <Field id="blackout-type" label="Type" className="sm:col-span-2">
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger id="blackout-type" ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {blackoutTypes.map((t) => (
                      <SelectItem key={t.value} value={t.value}>
                        {t.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="blackout-reason" label="Reason" optional className="sm:col-span-2">
            <Textarea id="blackout-reason" rows={2} className="min-h-0!" {...register('reason')} />
          </Field>
          <FormActions busy={create.isPending} disabled={!ready} submitLabel="Create Blackout" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
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
  const { control, handleSubmit, reset } = useForm<BlackoutFormValues>({
    resolver: zodResolver(blackoutSchema),
    defaultValues: emptyBlackout,
  });

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
          <FormField control={control} name="startDate" id="blackout-start" label="Start date">
            <Input type="date" required />
          </FormField>
          <FormField control={control} name="endDate" id="blackout-end" label="End date">
            <Input type="date" required min={startDate || undefined} />
          </FormField>
          <FormField control={control} name="type" id="blackout-type" label="Type" className="sm:col-span-2">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
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
          </FormField>
          <FormField control={control} name="reason" id="blackout-reason" label="Reason" optional className="sm:col-span-2">
            <Textarea rows={2} className="min-h-0!" />
          </FormField>
          <FormActions busy={create.isPending} disabled={!ready} submitLabel="Create Blackout" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

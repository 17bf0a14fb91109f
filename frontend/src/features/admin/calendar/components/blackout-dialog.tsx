import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatSlot } from '@/config/site';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { formatCalendarDate } from '@/lib/dates';
import { useBlackoutImpact } from '../api/blackout-impact';
import { useCreateBlackout } from '../api/create-blackout';
import { blackoutSchema, emptyBlackout, type BlackoutFormValues } from '../blackout-schema';
import { blackoutTypes } from '../calendar-logic';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FormActions } from '../../shared/ui';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Values to start from; a new `presetVersion` applies them (Block First 3 Months). */
  preset?: BlackoutFormValues;
  presetVersion: number;
};

export function BlackoutDialog({ open, onOpenChange, preset, presetVersion }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const create = useCreateBlackout();
  const serviceName = useServiceNames();
  const { control, handleSubmit, reset } = useForm<BlackoutFormValues>({
    resolver: zodResolver(blackoutSchema),
    defaultValues: emptyBlackout,
  });

  useEffect(() => {
    if (presetVersion > 0 && preset) reset(preset);
  }, [presetVersion, preset, reset]);

  const [startDate, endDate, type] = useWatch({ control, name: ['startDate', 'endDate', 'type'] });
  const ready = Boolean(startDate) && Boolean(endDate);
  // Before saving, the owner sees which active bookings the period covers and
  // chooses to keep them or cancel them (docs/decisions.md §9).
  const impact = useBlackoutImpact(open && ready && endDate >= startDate ? { startDate, endDate, type } : null);
  const covered = ready && endDate >= startDate ? (impact.data ?? []) : [];
  const [cancelCovered, setCancelCovered] = useState(false);

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      {
        startDate: values.startDate,
        endDate: values.endDate,
        type: values.type,
        reason: values.reason.trim() === '' ? null : values.reason.trim(),
        cancelCovered: covered.length > 0 && cancelCovered,
      },
      {
        onSuccess: () => {
          reset(emptyBlackout);
          setCancelCovered(false);
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
          {covered.length > 0 ? (
            <fieldset className="border border-gold/40 bg-surface-2 p-4 sm:col-span-2" data-testid="blackout-impact">
              <legend className="px-1 text-sm text-ivory">
                {covered.length === 1 ? 'This period covers 1 active booking' : `This period covers ${covered.length} active bookings`}
              </legend>
              <ul className="mt-1 max-h-40 space-y-1.5 overflow-y-auto text-sm text-sand">
                {covered.map((booking) => (
                  <li key={booking.id}>
                    <span className="text-ivory">
                      {booking.firstName} {booking.lastName}
                    </span>{' '}
                    · {serviceName(booking.service)} · {formatCalendarDate(booking.date)} · {formatSlot(booking.time)}
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex flex-col gap-2 text-sm text-ivory">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="covered-bookings"
                    className="accent-gold"
                    checked={!cancelCovered}
                    onChange={() => setCancelCovered(false)}
                  />
                  Keep them
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="covered-bookings"
                    className="accent-gold"
                    checked={cancelCovered}
                    onChange={() => setCancelCovered(true)}
                  />
                  Cancel them and tell the guests
                </label>
              </div>
            </fieldset>
          ) : null}
          <FormActions busy={create.isPending} disabled={!ready} submitLabel="Create Blackout" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

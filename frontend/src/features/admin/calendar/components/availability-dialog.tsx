import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { formatFullDay } from '@/components/ui/calendar-dates';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { fieldAria } from '@/components/ui/field-styles';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatSlot, timeSlots } from '@/config/site';
import { useServices } from '@/features/services/api/get-services';
import { applyFieldErrors } from '../../shared/form-errors';
import { useUpsertAvailability } from '../api/upsert-availability';
import {
  availabilitySchema,
  emptyAvailability,
  toAvailabilityInput,
  WHOLE_DAY,
  type AvailabilityFormValues,
} from '../availability-schema';
import { accommodationOptions } from '../calendar-logic';
import { useReturnFocus } from '../../shared/use-return-focus';
import { FormActions } from '../../shared/ui';

type Props = { day: string | undefined; open: boolean; onOpenChange: (open: boolean) => void };

export function AvailabilityDialog({ day, open, onOpenChange }: Props) {
  const returnFocus = useReturnFocus(open);
  const services = useServices();
  const upsert = useUpsertAvailability();
  const { register, control, handleSubmit, formState, reset, setError } = useForm<AvailabilityFormValues>({
    resolver: zodResolver(availabilitySchema),
    defaultValues: emptyAvailability,
  });
  const { errors } = formState;
  const serviceId = useWatch({ control, name: 'serviceId' });
  const isBlocked = useWatch({ control, name: 'isBlocked' });

  const onSubmit = handleSubmit((values) => {
    if (!day) return;
    upsert.mutate(toAvailabilityInput(day, values), {
      onSuccess: () => {
        reset(emptyAvailability);
        onOpenChange(false);
      },
      onError: (error) => applyFieldErrors(error, setError, ['maxCapacity', 'timeSlot', 'serviceId', 'accommodationType', 'blockReason']),
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Calendar</p>
          <DialogTitle>Manage Availability</DialogTitle>
          <DialogDescription>{day ? formatFullDay(day) : 'Select a day in the calendar first.'}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2" aria-label="Manage availability">
          <Field id="availability-service" label="Service">
            <Controller
              control={control}
              name="serviceId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger id="availability-service" ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="none">None</SelectItem>
                    {(services.data ?? []).map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {s.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="availability-accommodation" label="Accommodation">
            <Controller
              control={control}
              name="accommodationType"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger id="availability-accommodation" ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {accommodationOptions.map((o) => (
                      <SelectItem key={o.value} value={o.value}>
                        {o.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          {serviceId !== 'none' ? (
            <Field id="availability-slot" label="Time slot" error={errors.timeSlot?.message}>
              <Controller
                control={control}
                name="timeSlot"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger id="availability-slot" ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={WHOLE_DAY}>Whole day</SelectItem>
                      {timeSlots.map((slot) => (
                        <SelectItem key={slot} value={slot}>
                          {formatSlot(slot)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
          ) : null}
          <Field id="availability-capacity" label="Max capacity" error={errors.maxCapacity?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              required
              {...fieldAria('availability-capacity', errors.maxCapacity?.message)}
              {...register('maxCapacity')}
            />
          </Field>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Controller
              control={control}
              name="isBlocked"
              render={({ field }) => (
                <Checkbox
                  id="availability-blocked"
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <label
              htmlFor="availability-blocked"
              className="cursor-pointer text-[0.7rem] font-medium uppercase leading-none tracking-wide-2 text-sand"
            >
              Blocked (no bookings)
            </label>
          </div>
          <Field id="availability-reason" label="Block reason" optional className="sm:col-span-2">
            <Textarea
              id="availability-reason"
              rows={2}
              className="min-h-0!"
              placeholder={isBlocked ? 'Why this is closed, for the team' : undefined}
              {...register('blockReason')}
            />
          </Field>
          <FormActions busy={upsert.isPending} disabled={!day} submitLabel="Save Availability" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

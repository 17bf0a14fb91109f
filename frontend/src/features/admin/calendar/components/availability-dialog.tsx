import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { formatFullDay } from '@/components/ui/calendar-dates';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatSlot, timeSlots } from '@/config/site';
import { useServices } from '@/lib/api/catalogue/get-services';
import { applyFieldErrors } from '../../shared/form-errors';
import { useUpsertAvailability } from '../api/upsert-availability';
import { availabilitySchema, emptyAvailability, toAvailabilityInput, WHOLE_DAY, type AvailabilityFormValues } from '../availability-schema';
import { accommodationOptions } from '../calendar-logic';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FormActions } from '../../shared/ui';

type Props = { day: string | undefined; open: boolean; onOpenChange: (open: boolean) => void };

export function AvailabilityDialog({ day, open, onOpenChange }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const services = useServices();
  const upsert = useUpsertAvailability();
  const { control, handleSubmit, reset, setError } = useForm<AvailabilityFormValues>({
    resolver: zodResolver(availabilitySchema),
    defaultValues: emptyAvailability,
  });
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
          <FormField control={control} name="serviceId" id="availability-service" label="Service">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
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
          </FormField>
          <FormField control={control} name="accommodationType" id="availability-accommodation" label="Accommodation">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
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
          </FormField>
          {serviceId !== 'none' ? (
            <FormField control={control} name="timeSlot" id="availability-slot" label="Time slot">
              {(field) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
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
            </FormField>
          ) : null}
          <FormField control={control} name="maxCapacity" id="availability-capacity" label="Max capacity">
            <Input type="number" inputMode="numeric" min="1" step="1" required />
          </FormField>
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
          <FormField control={control} name="blockReason" id="availability-reason" label="Block reason" optional className="sm:col-span-2">
            <Textarea rows={2} className="min-h-0!" placeholder={isBlocked ? 'Why this is closed, for the team' : undefined} />
          </FormField>
          <FormActions busy={upsert.isPending} disabled={!day} submitLabel="Save Availability" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

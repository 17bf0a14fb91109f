import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatSlot, timeSlots } from '@/config/site';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import { businessToday, formatCalendarDate } from '@/lib/dates';
import { formatStayRange } from '@/lib/stay-dates';
import { useReturnFocus } from '@/lib/use-return-focus';
import { applyFieldErrors } from '../../shared/form-errors';
import { isUnauthorized } from '../../shared/notify';
import type { AdminBooking } from '../../shared/types';
import { useMoveBooking } from '../api/move-booking';
import {
  moveDefaults,
  moveErrorFields,
  moveSchema,
  stayKeepsWords,
  stayNightCount,
  toMoveInput,
  type MoveFormValues,
} from '../move-booking';

type Props = {
  /** The booking being moved; none, the dialog is closed. */
  booking: AdminBooking | undefined;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close when the Move button is gone (the booking left the list's view). */
  fallbackFocus?: () => HTMLElement | null | undefined;
};

/**
 * "Move": another date (and, for a treatment, time) for an active booking.
 * Nothing changes until the server has taken the new place; its refusal is
 * shown here, with the choice kept, so the owner can pick again.
 */
export function MoveBookingDialog({ booking, onOpenChange, fallbackFocus }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(booking));
  const onCloseAutoFocus = (event: Event) => {
    returnFocus(event);
    if (event.defaultPrevented) return;
    const fallback = fallbackFocus?.();
    if (fallback) {
      event.preventDefault();
      fallback.focus();
    }
  };
  return (
    <Dialog open={Boolean(booking)} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {/* Mounted afresh for each booking: the form starts from its own time. */}
        {booking ? <MoveForm key={booking.id} booking={booking} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const move = useMoveBooking();
  const serviceName = useServiceNames();
  const nights = stayNightCount(booking);
  const stay = nights !== undefined;
  const who = `${booking.firstName} ${booking.lastName}`;
  const today = businessToday();
  // The server's refusal (a full time, a closed day, a booking cancelled meanwhile), shown above the buttons.
  const [refusal, setRefusal] = useState<{ message: string; final: boolean }>();
  const { control, handleSubmit, setError } = useForm<MoveFormValues>({
    resolver: zodResolver(moveSchema),
    defaultValues: moveDefaults(booking),
  });
  const date = useWatch({ control, name: 'date' });

  const onSubmit = handleSubmit((values) => {
    setRefusal(undefined);
    move.mutate(
      { id: booking.id, body: toMoveInput(values, stay) },
      {
        onSuccess: onDone,
        onError: (error) => {
          // An ended session is the session guard's to tell.
          if (isUnauthorized(error)) return;
          applyFieldErrors(error, setError, moveErrorFields);
          if (hasErrorCode(error, 'validation_failed')) return;
          setRefusal({
            message: preferServerMessage(error, 'The booking could not be moved. Please try again.'),
            // Cancelled or completed meanwhile: no other date will do.
            final: hasErrorCode(error, 'already_cancelled') || hasErrorCode(error, 'move_closed'),
          });
        },
      },
    );
  });

  const current = booking.checkOut
    ? formatStayRange(booking.date, booking.checkOut, booking.nights)
    : `${formatCalendarDate(booking.date)} at ${formatSlot(booking.time)}`;

  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Bookings</p>
        <DialogTitle>{stay ? 'Move the stay' : 'Move the booking'}</DialogTitle>
        <DialogDescription>
          {who} · {serviceName(booking.service)} · now {current}
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} aria-label={`Move the booking of ${who}`} className="grid gap-5 sm:grid-cols-2">
        <FormField
          control={control}
          name="date"
          id="move-date"
          label={stay ? 'New check-in' : 'New date'}
          className={stay ? 'sm:col-span-2' : undefined}
        >
          <Input type="date" required min={today} />
        </FormField>
        {stay ? (
          <p role="status" className="-mt-2 text-sm text-sand sm:col-span-2" data-testid="move-stay-summary">
            {stayKeepsWords(date, nights)}
          </p>
        ) : (
          <FormField control={control} name="time" id="move-time" label="New time">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {timeSlots.map((slot) => (
                    <SelectItem key={slot} value={slot}>
                      {formatSlot(slot)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
        {stay ? (
          <Controller
            control={control}
            name="withTreatments"
            render={({ field }) => (
              <div className="flex items-start gap-3 sm:col-span-2">
                <Checkbox
                  id="move-with-treatments"
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                  onBlur={field.onBlur}
                  aria-describedby="move-with-treatments-hint"
                  className="mt-0.5"
                />
                <div>
                  <label htmlFor="move-with-treatments" className="cursor-pointer text-sm text-ivory">
                    Move the guest’s treatments inside the stay along
                  </label>
                  <p id="move-with-treatments-hint" className="mt-1 text-sm text-muted">
                    Each keeps its day of the stay and its time. If one cannot move, nothing moves.
                  </p>
                </div>
              </div>
            )}
          />
        ) : null}
        <p className="flex items-start gap-2 border-t border-line/70 pt-4 text-sm text-sand sm:col-span-2">
          <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" />
          <span>The guest will be mailed the new date, and her calendar invitation updated.</span>
        </p>
        {refusal ? (
          <Alert className="sm:col-span-2" data-testid="move-refusal">
            {refusal.message}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={move.isPending || refusal?.final}>
            {move.isPending ? 'Moving...' : stay ? 'Move Stay' : 'Move Booking'}
          </Button>
        </div>
      </form>
    </>
  );
}

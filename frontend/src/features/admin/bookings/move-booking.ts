import { addDays, formatFullDay } from '@/components/ui/calendar-dates';
import { formatSlot, stayRules, timeSlots, type TimeSlot } from '@/config/site';
import type { RequestBodyOf, ResponseOf } from '@/lib/api/types';
import { nightsBetween, nightsLabel } from '@/lib/stay-dates';
import { z } from '@/lib/zod';
import type { AdminBooking } from '../shared/types';

/*
 * Moving a booking from the dashboard (docs/decisions.md §9 "Moving a
 * visit"): a treatment to another day and time, a stay to another check-in
 * keeping its nights (and its 15:00 check-in), its guest's treatments inside
 * it along when the owner says so. The server decides whether the new place
 * can be taken; these are the words and the arithmetic around it.
 */

export type MoveInput = RequestBodyOf<'/api/admin/bookings/{id}/move', 'post'>;
export type MovedBooking = ResponseOf<'/api/admin/bookings/{id}/move', 'post'>;

/** Only a booking still ahead of its guest moves: pending or confirmed. */
export function canMove(booking: Pick<AdminBooking, 'status'>): boolean {
  return booking.status === 'pending' || booking.status === 'confirmed';
}

/** A stay's nights (a stay keeps them when it moves); undefined for a treatment. */
export function stayNightCount(booking: Pick<AdminBooking, 'date' | 'checkOut' | 'nights'>): number | undefined {
  if (!booking.checkOut) return undefined;
  return booking.nights ?? nightsBetween(booking.date, booking.checkOut);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The check-out a stay moved to `checkIn` would have; undefined until the day is a whole date. */
export function movedCheckOut(checkIn: string, nights: number): string | undefined {
  return DAY.test(checkIn) ? addDays(checkIn, nights) : undefined;
}

/** "The stay keeps its 2 nights: …" under the date field, following the day chosen. */
export function stayKeepsWords(checkIn: string, nights: number): string {
  const checkOut = movedCheckOut(checkIn, nights);
  const keeps = `The stay keeps its ${nightsLabel(nights)} and its ${formatSlot(stayRules.checkInTime)} check-in`;
  return checkOut
    ? `${keeps}: check-out ${formatFullDay(checkOut)} at ${formatSlot(stayRules.checkOutTime)}.`
    : `${keeps}; choose the new check-in day.`;
}

/** "Moved 1×" on a booking moved before; nothing for one never moved. */
export function movesLabel(moves: number | undefined): { shown: string; spoken: string } | undefined {
  if (!moves) return undefined;
  return { shown: `Moved ${moves}×`, spoken: `Moved ${moves === 1 ? 'once' : `${moves} times`}` };
}

/** The success toast's line: where the booking (and what came along) is now. */
export function movedDescription({ booking, movedAlong }: MovedBooking): string {
  const who = `${booking.firstName} ${booking.lastName}`;
  const where = booking.checkOut
    ? `a stay from ${formatFullDay(booking.date)} to ${formatFullDay(booking.checkOut)}`
    : `${formatFullDay(booking.date)} at ${formatSlot(booking.time)}`;
  const along =
    movedAlong.length === 0 ? '' : movedAlong.length === 1 ? ', with 1 treatment along' : `, with ${movedAlong.length} treatments along`;
  return `${who}: now ${where}${along}. The guest is mailed.`;
}

export const moveSchema = z.object({
  date: z.string().trim().min(1, 'Choose the new date').regex(DAY, 'Choose the new date'),
  time: z.enum(timeSlots),
  withTreatments: z.boolean(),
});
export type MoveFormValues = z.input<typeof moveSchema>;

/** The form's start: no date yet, the booking's own time (or the first), treatments along. */
export function moveDefaults(booking: Pick<AdminBooking, 'time'>): MoveFormValues {
  const own = timeSlots.find((slot) => slot === booking.time);
  return { date: '', time: own ?? timeSlots[0], withTreatments: true };
}

/** What is sent: a stay sends no time (it keeps its check-in), a treatment no treatments. */
export function toMoveInput(values: MoveFormValues, stay: boolean): MoveInput {
  return stay
    ? { date: values.date.trim(), withTreatments: values.withTreatments }
    : { date: values.date.trim(), time: values.time as TimeSlot };
}

/** The server's per-field errors the form shows at its fields. */
export const moveErrorFields = ['date', 'time'] as const;

import { z } from '@/lib/zod';
import { bookingServices, stayRules, timeSlots } from '@/config/site';
import { isTodayOrLater } from '@/lib/dates';
import { isValidStay } from './stay';

const serviceKeys = bookingServices.map((s) => s.value) as string[];
const slots = timeSlots as readonly string[];

/** The Tiny Home is booked by check-in and check-out days, not by a time. */
export const isStayService = (service: string) => service === 'accommodation';

export const STAY_LENGTH_TEXT = `Check-out must be ${stayRules.minNights} to ${stayRules.maxNights} nights after check-in`;

/**
 * Spec §5: the booking form's rules and exact messages. For a stay the time is
 * not asked (check-in is at 15:00) and a check-out day is.
 */
export const bookingSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required'),
    lastName: z.string().trim().min(1, 'Last name is required'),
    email: z.string().trim().pipe(z.email('Please enter a valid email address')),
    service: z.string().refine((v) => serviceKeys.includes(v), 'Please select a service'),
    date: z
      .string()
      .min(1, 'Please select a date')
      .refine((v) => isTodayOrLater(v), 'Please choose today or a later date'),
    time: z.string(),
    /** A stay's check-out day (yyyy-MM-dd); ignored for other services. */
    checkOut: z.string(),
    notes: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!isStayService(values.service)) {
      if (!slots.includes(values.time)) ctx.addIssue({ code: 'custom', path: ['time'], message: 'Please select a time' });
      return;
    }
    if (values.checkOut === '') {
      if (values.date !== '') ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Please select a check-out date' });
    } else if (!isValidStay(values.date, values.checkOut)) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: STAY_LENGTH_TEXT });
    }
  });

export type BookingFormValues = z.input<typeof bookingSchema>;

export const emptyBooking: BookingFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  service: '',
  date: '',
  time: '',
  checkOut: '',
  notes: '',
};

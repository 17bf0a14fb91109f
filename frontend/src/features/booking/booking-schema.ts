import { z } from 'zod';
import { bookingServices, timeSlots } from '@/config/site';
import { isTodayOrLater } from '@/lib/dates';

const serviceKeys = bookingServices.map((s) => s.value) as string[];
const slots = timeSlots as readonly string[];

/** Spec §5: the booking form's rules and exact messages. */
export const bookingSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  service: z.string().refine((v) => serviceKeys.includes(v), 'Please select a service'),
  date: z
    .string()
    .min(1, 'Please select a date')
    .refine((v) => isTodayOrLater(v), 'Please choose today or a later date'),
  time: z.string().refine((v) => slots.includes(v), 'Please select a time'),
  notes: z.string(),
});

export type BookingFormValues = z.input<typeof bookingSchema>;

export const emptyBooking: BookingFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  service: '',
  date: '',
  time: '',
  notes: '',
};

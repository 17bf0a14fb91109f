import { createContext, useContext } from 'react';
import type { BookingServiceKey } from '@/config/site';

/**
 * A date and time already chosen (the quiz's open times, a mail's link); a
 * stay's check-out day; and a waitlist offer's token, whose held place the
 * booking takes (issue 43, part 4).
 */
export type BookingMoment = { date: string; time: string; checkOut?: string; offer?: string };

export type BookingContextValue = {
  /** Opens the booking dialog, optionally with a service (and a moment) already chosen (docs/decisions.md §11). */
  openBooking: (service?: BookingServiceKey, moment?: BookingMoment) => void;
};

export const BookingContext = createContext<BookingContextValue | null>(null);

export function useBooking(): BookingContextValue {
  const context = useContext(BookingContext);
  if (!context) throw new Error('useBooking must be used within a BookingProvider');
  return context;
}

import { createContext, useContext } from 'react';
import type { BookingServiceKey } from '@/config/site';

/** A date and time already chosen (the quiz's open times). */
export type BookingMoment = { date: string; time: string };

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

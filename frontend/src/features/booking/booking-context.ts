import { createContext, useContext } from 'react';
import type { BookingServiceKey } from '@/config/site';

export type BookingContextValue = {
  /** Opens the booking dialog, optionally with a service already chosen (DECISIONS §6). */
  openBooking: (service?: BookingServiceKey) => void;
};

export const BookingContext = createContext<BookingContextValue | null>(null);

export function useBooking(): BookingContextValue {
  const context = useContext(BookingContext);
  if (!context) throw new Error('useBooking must be used within a BookingProvider');
  return context;
}

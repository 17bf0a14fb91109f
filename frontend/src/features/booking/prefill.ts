import { bookingServices, timeSlots, type BookingServiceKey } from '@/config/site';
import type { BookingMoment } from './booking-context';

/*
 * A link that opens the booking dialog already filled in, as the invitation
 * to return mails it (issue 43): /services?book=massage&date=2026-12-20&time=11:00.
 * Whatever is not a service, a day from today on or a time slot is left out
 * without a word: the dialog opens with what is valid (and the guest chooses
 * the rest there), as a hand-typed link deserves.
 */

/** The address's parameters this link uses, removed once the dialog has opened. */
export const PREFILL_PARAMS = ['book', 'date', 'time'] as const;

export type BookingPrefill = { service?: BookingServiceKey; moment?: BookingMoment };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd (no February 30th). */
function isCalendarDay(value: string): boolean {
  const parts = DAY.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What `?book=` asks the dialog to open with; null when the address does not
 * ask for the dialog. `today` is the retreat's today (yyyy-MM-dd): an earlier
 * day cannot be booked. A time comes only with a day.
 */
export function bookingPrefill(params: URLSearchParams, today: string): BookingPrefill | null {
  const book = params.get('book');
  if (book === null) return null;
  const prefill: BookingPrefill = {};
  const service = bookingServices.find((choice) => choice.value === book.trim());
  if (service) prefill.service = service.value;
  const date = params.get('date')?.trim() ?? '';
  if (isCalendarDay(date) && date >= today) {
    const time = params.get('time')?.trim() ?? '';
    prefill.moment = { date, time: (timeSlots as readonly string[]).includes(time) ? time : '' };
  }
  return prefill;
}

import { bookingServices, stayRules, timeSlots, type BookingServiceKey } from '@/config/site';
import type { BookingMoment } from './booking-context';

/*
 * A link that opens the booking dialog already filled in, as the invitation
 * to return mails it (issue 43): /services?book=massage&date=2026-12-20&time=11:00.
 * A waitlist offer's link (issue 43, part 4) adds the offer's token, whose
 * held place the booking takes (&offer=…), and for a stay its check-out day
 * (&checkOut=…). Whatever is not a service, a day from today on, a time slot,
 * a stay of 1 to 14 nights or a token is left out without a word: the dialog
 * opens with what is valid (and the guest chooses the rest there), as a
 * hand-typed link deserves.
 */

/** The address's parameters this link uses, removed once the dialog has opened. */
export const PREFILL_PARAMS = ['book', 'date', 'time', 'checkOut', 'offer'] as const;

/** An offer's token as the server writes them (URL-safe, no spaces, of a sane length). */
const TOKEN = /^[A-Za-z0-9._~-]{8,512}$/;

export type BookingPrefill = { service?: BookingServiceKey; moment?: BookingMoment };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd (no February 30th), as UTC midnight; undefined otherwise. */
function calendarDay(value: string): Date | undefined {
  const parts = DAY.exec(value);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/**
 * Whether check-in to check-out is a stay of 1 to 14 nights (counted here, not
 * with the dialog's stay rules: this runs on the services page, whose chunk
 * should not carry them).
 */
function isStay(checkIn: Date, checkOut: Date | undefined): boolean {
  if (!checkOut) return false;
  const nights = Math.round((checkOut.getTime() - checkIn.getTime()) / 86_400_000);
  return nights >= stayRules.minNights && nights <= stayRules.maxNights;
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
  const day = calendarDay(date);
  if (day && date >= today) {
    const time = params.get('time')?.trim() ?? '';
    const moment: BookingMoment = { date, time: (timeSlots as readonly string[]).includes(time) ? time : '' };
    const checkOut = params.get('checkOut')?.trim() ?? '';
    if (prefill.service === 'accommodation' && isStay(day, calendarDay(checkOut))) moment.checkOut = checkOut;
    const offer = params.get('offer')?.trim() ?? '';
    if (TOKEN.test(offer)) moment.offer = offer;
    prefill.moment = moment;
  }
  return prefill;
}

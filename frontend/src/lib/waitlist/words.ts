import { formatSlot } from '@/config/site';
import { businessToday, formatInstantDateTime, formatInstantTime } from '@/lib/dates';
import { formatStayRange, formatWeekdayShortDay } from '@/lib/stay-dates';

/*
 * A waitlist wish, and the place an offer holds, in the retreat's words:
 * shared by the booking dialog, the offer page and the back office.
 */

type Wish = { from: string; to: string; time?: string | null };

/** "Fri, Dec 4 · any time", "Fri, Dec 4 – Sun, Dec 6 · 11:00 AM"; a stay "Dec 4 → Dec 6 · 2 nights". */
export function wishWords(wish: Wish, stay: boolean): string {
  if (stay) return formatStayRange(wish.from, wish.to);
  const days =
    wish.from === wish.to ? formatWeekdayShortDay(wish.from) : `${formatWeekdayShortDay(wish.from)} – ${formatWeekdayShortDay(wish.to)}`;
  return `${days} · ${wish.time ? formatSlot(wish.time) : 'any time'}`;
}

/** A held place: "Fri, Dec 4 · 11:00 AM"; a stay "Dec 4 → Dec 6 · 2 nights". */
export function placeWords(place: { date: string; checkOut?: string | null; time?: string | null }): string {
  if (place.checkOut) return formatStayRange(place.date, place.checkOut);
  return place.time ? `${formatWeekdayShortDay(place.date)} · ${formatSlot(place.time)}` : formatWeekdayShortDay(place.date);
}

/** When a hold ends: "3:45 PM today" (in the retreat's time), "Dec 5, 2026 at 9:00 AM" another day. */
export function heldUntilWords(heldUntil: string, now: Date = new Date()): string {
  const until = new Date(heldUntil);
  if (Number.isNaN(until.getTime())) return heldUntil;
  return businessToday(until) === businessToday(now) ? `${formatInstantTime(heldUntil)} today` : formatInstantDateTime(heldUntil);
}

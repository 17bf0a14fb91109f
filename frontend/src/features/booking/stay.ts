import { addDays } from '@/components/ui/calendar-dates';
import { stayRules } from '@/config/site';
import { toCents, type Cents } from '@/lib/money';
import { nightsBetween, stayNights } from '@/lib/stay-dates';

/*
 * The rules of choosing a Tiny Home stay on the calendar. A night is named by
 * the day it begins; the month availability says whether each night can be
 * booked (`undefined` while it is not known: nothing is refused before the
 * answer, the server has the last word). The check-out day itself needs no
 * free night (the guest leaves at 11:00), so the first unavailable night
 * after check-in is still a valid check-out day.
 */

/** Whether the night beginning `day` can be booked: true, false, or undefined (not known yet). */
export type NightOpen = (day: string) => boolean | undefined;

export type StaySelection = { checkIn?: string; checkOut?: string };

/** Check-in and check-out make a stay of 1 to 14 nights. */
export function isValidStay(checkIn: string, checkOut: string): boolean {
  const nights = nightsBetween(checkIn, checkOut);
  return nights >= stayRules.minNights && nights <= stayRules.maxNights;
}

/** A day a stay can begin on: today or later, its night not known to be taken. */
export function canCheckIn(day: string, today: string, open: NightOpen): boolean {
  return day >= today && open(day) !== false;
}

/**
 * The latest check-out a stay beginning `checkIn` can have: at most 14 nights,
 * and never past an unavailable night (that night's day is the last check-out).
 * Undefined when the check-in night itself is unavailable.
 */
export function lastCheckOut(checkIn: string, open: NightOpen): string | undefined {
  let last: string | undefined;
  for (let i = 0; i < stayRules.maxNights; i += 1) {
    const night = addDays(checkIn, i);
    if (open(night) === false) break;
    last = addDays(night, 1);
  }
  return last;
}

/** Whether `day` can be the check-out of a stay beginning `checkIn`. */
export function isCheckOutOption(checkIn: string, day: string, open: NightOpen): boolean {
  const last = lastCheckOut(checkIn, open);
  return day > checkIn && last !== undefined && day <= last;
}

/** Waiting for the check-out: a check-in is chosen, no check-out yet. */
export function choosingCheckOut(stay: StaySelection): stay is { checkIn: string; checkOut?: undefined } {
  return Boolean(stay.checkIn) && !stay.checkOut;
}

/**
 * Whether a click on `day` does anything: while choosing the check-out, a day
 * after check-in must be a reachable check-out and a day before it restarts
 * the stay there; otherwise any day a stay can begin on.
 */
export function isSelectable(stay: StaySelection, day: string, today: string, open: NightOpen): boolean {
  if (choosingCheckOut(stay) && day > stay.checkIn) return isCheckOutOption(stay.checkIn, day, open);
  return canCheckIn(day, today, open);
}

/** The stay after a click on `day`: first click check-in, a later one check-out; before check-in (or after a full stay) starts over. */
export function pickDay(stay: StaySelection, day: string, today: string, open: NightOpen): StaySelection {
  if (!isSelectable(stay, day, today, open)) return stay;
  if (choosingCheckOut(stay) && day > stay.checkIn) return { checkIn: stay.checkIn, checkOut: day };
  return { checkIn: day, checkOut: undefined };
}

/** The price of the stay: the nightly price × nights, in cents. */
export function stayTotalCents(nightlyPrice: string | number, nights: number): Cents {
  return toCents(nightlyPrice) * nights;
}

/** Whether the night beginning `day` is taken by other guests (full, not closed): a guest may wait for it. */
export type NightWaitable = (day: string) => boolean;

/**
 * The stay a guest wants when she clicks a day the calendar will not give
 * her, when it is one she may wait for: while choosing the check-out, a day
 * past a taken night is the check-out she wants (at most 14 nights);
 * otherwise a taken night is the check-in of a one-night stay. Undefined
 * when a night of it is closed (no waiting for that) or the day is past.
 */
export function waitableStay(
  stay: StaySelection,
  day: string,
  today: string,
  open: NightOpen,
  waitable: NightWaitable,
): { checkIn: string; checkOut: string } | undefined {
  if (day < today) return undefined;
  const wanted =
    choosingCheckOut(stay) && day > stay.checkIn
      ? { checkIn: stay.checkIn, checkOut: day }
      : open(day) === false
        ? { checkIn: day, checkOut: addDays(day, 1) }
        : undefined;
  if (!wanted || !isValidStay(wanted.checkIn, wanted.checkOut)) return undefined;
  const taken = stayNights(wanted.checkIn, wanted.checkOut).filter((night) => open(night) === false);
  return taken.length > 0 && taken.every(waitable) ? wanted : undefined;
}

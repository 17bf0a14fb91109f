import type { AdminBooking, AvailabilityEntry, BlackoutDate, BlackoutType } from '../shared/types';

/** Spec §9: blackout types and their labels. */
export const blackoutTypes: ReadonlyArray<{ value: BlackoutType; label: string }> = [
  { value: 'all', label: 'All Services & Accommodations' },
  { value: 'services', label: 'Services Only' },
  { value: 'tiny_home', label: 'Tiny Home Only' },
  { value: 'retreat', label: 'Retreats Only' },
];

export function blackoutTypeLabel(type: string): string {
  return blackoutTypes.find((t) => t.value === type)?.label ?? type;
}

/** Spec §9: availability accommodation options ("none" is sent as it is). */
export const accommodationOptions = [
  { value: 'none', label: 'None' },
  { value: 'tiny_home', label: 'Tiny Home' },
  { value: 'retreat', label: 'Retreat' },
] as const;

export function accommodationLabel(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return accommodationOptions.find((o) => o.value === value)?.label ?? value;
}

export const PRE_LAUNCH_REASON = 'Pre-launch marketing period - creating demand';

/** A blackout covers its start and end dates inclusive (yyyy-MM-dd compare as text). */
export function covers(blackout: Pick<BlackoutDate, 'startDate' | 'endDate'>, day: string): boolean {
  return blackout.startDate <= day && day <= blackout.endDate;
}

export function blackoutsCovering<B extends Pick<BlackoutDate, 'startDate' | 'endDate'>>(blackouts: readonly B[], day: string): B[] {
  return blackouts.filter((b) => covers(b, day));
}

export function entriesOn<E extends Pick<AvailabilityEntry, 'date'>>(entries: readonly E[], day: string): E[] {
  return entries.filter((e) => e.date === day);
}

export type DayMark = 'blackout' | 'full' | 'booked' | undefined;

/**
 * Spec §2: a blacked-out day shows the blackout icon; otherwise a dot when
 * any of the day's entries has bookings, orange when any entry is full,
 * else green.
 */
export function dayMark(
  day: string,
  blackouts: readonly Pick<BlackoutDate, 'startDate' | 'endDate'>[],
  entries: readonly Pick<AvailabilityEntry, 'date' | 'currentBookings' | 'maxCapacity'>[],
): DayMark {
  if (blackouts.some((b) => covers(b, day))) return 'blackout';
  const today = entriesOn(entries, day);
  if (!today.some((e) => e.currentBookings > 0)) return undefined;
  return today.some((e) => e.currentBookings >= e.maxCapacity) ? 'full' : 'booked';
}

/** Blackouts by start date, then end date. */
export function sortBlackouts<B extends Pick<BlackoutDate, 'startDate' | 'endDate'>>(blackouts: readonly B[]): B[] {
  return [...blackouts].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate));
}

type StayFields = Pick<AdminBooking, 'service' | 'date' | 'checkOut' | 'status'>;

/** The Tiny Home stays that hold their nights (not cancelled), by check-in day. */
export function activeStays<B extends StayFields>(bookings: readonly B[]): Array<B & { checkOut: string }> {
  return bookings
    .filter((b): b is B & { checkOut: string } => b.service === 'accommodation' && Boolean(b.checkOut) && b.status !== 'cancelled')
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The stays sleeping on the night beginning `day`: from check-in up to the day before check-out. */
export function staysOn<B extends Pick<AdminBooking, 'date'> & { checkOut: string }>(stays: readonly B[], day: string): B[] {
  return stays.filter((b) => b.date <= day && day < b.checkOut);
}

/** "2 guests wait for these dates" (guests on the waitlist asking for days a blackout covers); none when no one does. */
export function waitingGuestsWords(waitingGuests: number | null | undefined): string | undefined {
  if (!waitingGuests || waitingGuests <= 0) return undefined;
  return waitingGuests === 1 ? '1 guest waits for these dates' : `${waitingGuests} guests wait for these dates`;
}

/**
 * Lifting a blackout guests wait for opens its dates to them first (the
 * places it frees are offered down the waitlist at once): asked before, so
 * the owner knows. Nothing to ask (null) when no one waits.
 */
export function liftBlackoutQuestion(waitingGuests: number | null | undefined): string | null {
  const words = waitingGuestsWords(waitingGuests);
  if (!words) return null;
  return `Remove this blackout? ${words}: the places it opens are offered to them first, by mail.`;
}

import { formatSlot } from '@/config/site';
import type { ResponseOf } from '@/lib/api/types';
import { businessTimeZone, formatCalendarDate } from '@/lib/dates';
import type { Tone } from '../shared/statuses';
import type { AdminBooking } from '../shared/types';

/*
 * A booking's reminders in the owner's words (docs/decisions.md §9
 * "Reminders"): each confirmed visit gets at most two, the first asking the
 * guest "Will you be with us?", the second asking again while she has not
 * answered, else only reminding her. These are the lines of the Bookings
 * tab's Reminders dialog and of a row's "Guest will be there".
 */

export type BookingReminders = ResponseOf<'/api/admin/bookings/{id}/reminders', 'get'>;
export type SentReminder = BookingReminders['reminders'][number];

const sentFormats = new Map<string, Intl.DateTimeFormat>();
function sentFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = businessTimeZone();
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let format = sentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    sentFormats.set(key, format);
  }
  return format;
}

/**
 * An instant in the retreat's time, short: "Tue Dec 15, 11:05 AM"; its year
 * too when it is not this year's ("Tue Dec 15 2026, 11:05 AM").
 */
export function formatSentAt(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(
    sentFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const thisYear = sentFormat({ year: 'numeric' }).format(now);
  const year = parts.year === thisYear ? '' : ` ${parts.year}`;
  return `${parts.weekday} ${parts.month} ${parts.day}${year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** "First reminder, asked, sent Tue Dec 15, 11:05 AM" / "Second reminder, a plain reminder, sent …". */
export function reminderLine(reminder: Pick<SentReminder, 'kind' | 'asked' | 'sentAt'>, now?: Date): string {
  const which = reminder.kind === 'first' ? 'First reminder' : 'Second reminder';
  const what = !reminder.asked ? 'a plain reminder' : reminder.kind === 'first' ? 'asked' : 'asked again';
  return `${which}, ${what}, sent ${formatSentAt(reminder.sentAt, now)}`;
}

/** For a reminder sent before the booking moved: the place it was sent for; nothing when it is the booking's own. */
export function reminderEarlierPlace(reminder: Pick<SentReminder, 'date' | 'time'>, booking: Pick<AdminBooking, 'date' | 'time'>) {
  if (reminder.date === booking.date && reminder.time === booking.time) return undefined;
  return `For its earlier place, ${formatCalendarDate(reminder.date)} at ${formatSlot(reminder.time)}`;
}

export type GuestAnswer = { label: string; tone: Tone; detail: string };

/** Where the guest's answer stands: she will be there, was asked, not yet, or no reminder goes. */
export function guestAnswer(
  booking: Pick<AdminBooking, 'status'>,
  reminders: Pick<BookingReminders, 'attendanceConfirmedAt' | 'reminders'>,
  now?: Date,
): GuestAnswer {
  if (reminders.attendanceConfirmedAt) {
    return { label: 'Will be there', tone: 'green', detail: `The guest said so ${formatSentAt(reminders.attendanceConfirmedAt, now)}.` };
  }
  if (booking.status === 'cancelled') return { label: 'Cancelled', tone: 'stone', detail: 'No reminder goes for a cancelled booking.' };
  if (booking.status === 'pending') {
    return { label: 'Request to confirm', tone: 'red', detail: 'Reminders go once the retreat confirms the booking.' };
  }
  if (reminders.reminders.some((r) => r.asked)) {
    return { label: 'Asked, no answer yet', tone: 'yellow', detail: 'The guest has not said whether she will be there.' };
  }
  if (booking.status === 'completed') return { label: 'No answer', tone: 'stone', detail: 'The visit is over.' };
  return { label: 'Not asked yet', tone: 'stone', detail: 'The first reminder will ask her whether she will be there.' };
}

/** The row's mark, spoken with its moment: "Guest will be there (said so Tue Dec 15, 11:05 AM)". */
export function attendanceWords(confirmedAt: string, now?: Date): { shown: string; spoken: string } {
  return { shown: 'Guest will be there', spoken: `Guest will be there (said so ${formatSentAt(confirmedAt, now)})` };
}

import { addDays } from '@/components/ui/calendar-dates';
import { stayRules, timeSlots } from '@/config/site';
import type { NewWaitlistEntry, ServiceKey } from '@/lib/api/types';
import { isTodayOrLater } from '@/lib/dates';
import { nightsBetween } from '@/lib/stay-dates';
import { z } from '@/lib/zod';
import { STAY_LENGTH_TEXT } from './booking-schema';

/*
 * The waitlist's form (issue 43, part 4): a guest who finds the time she
 * wants taken leaves her name and up to three wishes, and is written to the
 * moment a place opens. For a treatment a wish is a run of days, from `from`
 * to `to` inclusive (at most 31), at one time or any; for the Tiny Home it is
 * a stay, check-in to check-out (1 to 14 nights). The server has the last
 * word; its per-field errors ("wishes[1].to") land on the matching fields.
 */

export const MAX_WISHES = 3;
/** The longest run of days a treatment's wish may cover, both ends counted. */
export const MAX_WISH_DAYS = 31;

export const WISH_TEXTS = {
  fromMissing: 'Please choose the first day',
  checkInMissing: 'Please choose a check-in day',
  fromPast: 'The first day must be today or later',
  toMissing: 'Please choose the last day',
  checkOutMissing: 'Please select a check-out date',
  toBeforeFrom: 'The last day must be on or after the first',
  tooLong: `A range may run for at most ${MAX_WISH_DAYS} days`,
  stayLength: STAY_LENGTH_TEXT,
  time: 'Please choose a time, or any time',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const slots = timeSlots as readonly string[];

/** What a wish's fields hold: days as yyyy-MM-dd, the time '' for any time. */
const wishValues = z.object({ from: z.string(), to: z.string(), time: z.string() });

const person = {
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
};

/** The form's rules for a treatment's wishes or, with `stay`, the Tiny Home's. */
export function waitlistSchema(stay: boolean) {
  return z.object({ ...person, wishes: z.array(wishValues).min(1).max(MAX_WISHES) }).superRefine((values, ctx) => {
    values.wishes.forEach((wish, index) => {
      const problem = (field: 'from' | 'to' | 'time', message: string) =>
        ctx.addIssue({ code: 'custom', path: ['wishes', index, field], message });
      if (wish.from === '') problem('from', stay ? WISH_TEXTS.checkInMissing : WISH_TEXTS.fromMissing);
      else if (!isTodayOrLater(wish.from)) problem('from', WISH_TEXTS.fromPast);
      if (!stay && wish.time !== '' && !slots.includes(wish.time)) problem('time', WISH_TEXTS.time);
      if (wish.to === '') {
        problem('to', stay ? WISH_TEXTS.checkOutMissing : WISH_TEXTS.toMissing);
        return;
      }
      if (!DAY.test(wish.from) || !DAY.test(wish.to)) return;
      const days = nightsBetween(wish.from, wish.to);
      if (stay) {
        if (!(days >= stayRules.minNights && days <= stayRules.maxNights)) problem('to', WISH_TEXTS.stayLength);
      } else if (days < 0) problem('to', WISH_TEXTS.toBeforeFrom);
      else if (days > MAX_WISH_DAYS - 1) problem('to', WISH_TEXTS.tooLong);
    });
  });
}

export type WaitlistFormValues = z.input<ReturnType<typeof waitlistSchema>>;
export type WishFormValues = WaitlistFormValues['wishes'][number];

/** A wish's time as the API spells it. */
type WishTime = NonNullable<NewWaitlistEntry['wishes'][number]['time']>;

export const emptyWish: WishFormValues = { from: '', to: '', time: '' };

/**
 * The first wish, from what the guest chose in the booking dialog: a
 * treatment's day (and time, when she had chosen one) or a stay's nights
 * (one night from a check-in alone).
 */
export function firstWish(stay: boolean, chosen: { date?: string; time?: string; checkOut?: string }): WishFormValues {
  const date = chosen.date && DAY.test(chosen.date) ? chosen.date : '';
  if (stay) {
    const checkOut = chosen.checkOut && DAY.test(chosen.checkOut) ? chosen.checkOut : date ? addDays(date, 1) : '';
    return { from: date, to: checkOut, time: '' };
  }
  const time = chosen.time && slots.includes(chosen.time) ? chosen.time : '';
  return { from: date, to: date, time };
}

/** What is sent: names and address trimmed, a treatment's "any time" as null, a stay's time always null. */
export function toWaitlistRequest(
  values: WaitlistFormValues,
  service: ServiceKey,
  stay: boolean,
  website: string | undefined,
): NewWaitlistEntry {
  return {
    service,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    wishes: values.wishes.map((wish) => ({
      from: wish.from,
      to: wish.to,
      time: stay || wish.time === '' ? null : (wish.time as WishTime),
    })),
    website: website ?? '',
  };
}

/** The form's field for a field the server names ("wishes[1].to" → "wishes.1.to"); null for one the form does not have. */
export function waitlistFormField(serverField: string): string | null {
  if (serverField === 'firstName' || serverField === 'lastName' || serverField === 'email') return serverField;
  const wish = /^wishes\[(\d)\]\.(from|to|time)$/.exec(serverField);
  if (wish && Number(wish[1]) < MAX_WISHES) return `wishes.${wish[1]}.${wish[2]}`;
  return null;
}

/** A wish's name in the form: "Your first choice", "Your second choice". */
export function wishLegend(index: number): string {
  return `Your ${['first', 'second', 'third'][index] ?? `${index + 1}th`} choice`;
}

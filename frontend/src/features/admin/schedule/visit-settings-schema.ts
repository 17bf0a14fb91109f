import { formatSlot } from '@/config/site';
import { z } from '@/lib/zod';
import type { VisitSettings, VisitSettingsInput } from './api/visit-settings';

/*
 * The owner's settings for guests' visits as a form: the free moves and the
 * reminders' numbers as text, so a half-typed or emptied field is the form's
 * to refuse, in the server's own words; the quiet hours as the hour chosen
 * ("0" to "23"). The field names are the API's, so its per-field errors
 * ("freeMoves", "reminders.stayFirstDays") land on the matching fields.
 */

export const FREE_MOVES_MAX = 10;
export const FREE_MOVES_MESSAGE = `Free moves are a whole number from 0 to ${FREE_MOVES_MAX}`;

// The server's limits and messages (domain::reminders::ReminderSettingsError).
export const TREATMENT_FIRST_HOURS_MAX = 336;
export const STAY_FIRST_DAYS_MAX = 30;
export const TREATMENT_FIRST_HOURS_MESSAGE = `Hours before a treatment are a whole number from 1 to ${TREATMENT_FIRST_HOURS_MAX}`;
export const STAY_FIRST_DAYS_MESSAGE = `Days before a stay are a whole number from 1 to ${STAY_FIRST_DAYS_MAX}`;
export const STAY_SECOND_DAYS_MESSAGE = 'The second reminder comes after the first: fewer days before arrival';
export const QUIET_HOURS_MESSAGE = 'Quiet hours are whole hours from 0 to 23';

// How long a waitlist offer is held for its guest (issue 43, part 4; the server's limits and message).
export const OFFER_HOLD_MINUTES_MIN = 15;
export const OFFER_HOLD_MINUTES_MAX = 1440;
export const OFFER_HOLD_DEFAULT = 120;
export const OFFER_HOLD_MESSAGE = `An offer is held for ${OFFER_HOLD_MINUTES_MIN} to ${OFFER_HOLD_MINUTES_MAX} minutes`;

/** The server's defaults (what "restore" means in the tests, and the README's figures). */
export const REMINDER_DEFAULTS = {
  on: true,
  treatmentFirstHours: 48,
  treatmentMorningOf: true,
  stayFirstDays: 7,
  staySecondDays: 1,
  quietFromHour: 21,
  quietUntilHour: 8,
} as const;

/** A whole number written with at most `digits` digits, from `min` to `max`; else undefined. */
function whole(value: string, min: number, max: number, digits = 3): number | undefined {
  const text = value.trim();
  if (!new RegExp(`^\\d{1,${digits}}$`).test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

const wholeField = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => whole(v, min, max) !== undefined, message);

/** The hours of a day a select offers: "0" (midnight) to "23". */
export const hoursOfDay = Array.from({ length: 24 }, (_, hour) => String(hour));
const hourOfDay = z.string().refine((v) => whole(v, 0, 23, 2) !== undefined, QUIET_HOURS_MESSAGE);

export const remindersSchema = z
  .object({
    on: z.boolean(),
    treatmentFirstHours: wholeField(1, TREATMENT_FIRST_HOURS_MAX, TREATMENT_FIRST_HOURS_MESSAGE),
    treatmentMorningOf: z.boolean(),
    stayFirstDays: wholeField(1, STAY_FIRST_DAYS_MAX, STAY_FIRST_DAYS_MESSAGE),
    // 0 (the morning of arrival) to one less than the first: checked against it below.
    staySecondDays: wholeField(0, STAY_FIRST_DAYS_MAX - 1, STAY_SECOND_DAYS_MESSAGE),
    quietFromHour: hourOfDay,
    quietUntilHour: hourOfDay,
  })
  .superRefine((r, ctx) => {
    const first = whole(r.stayFirstDays, 1, STAY_FIRST_DAYS_MAX);
    const second = whole(r.staySecondDays, 0, STAY_FIRST_DAYS_MAX - 1);
    if (first !== undefined && second !== undefined && second >= first) {
      ctx.addIssue({ code: 'custom', path: ['staySecondDays'], message: STAY_SECOND_DAYS_MESSAGE });
    }
  });

export const visitSettingsSchema = z.object({
  freeMoves: z
    .string()
    .trim()
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) <= FREE_MOVES_MAX, FREE_MOVES_MESSAGE),
  offerHoldMinutes: z
    .string()
    .trim()
    .refine((v) => whole(v, OFFER_HOLD_MINUTES_MIN, OFFER_HOLD_MINUTES_MAX, 4) !== undefined, OFFER_HOLD_MESSAGE),
  reminders: remindersSchema,
});
export type VisitSettingsFormValues = z.input<typeof visitSettingsSchema>;
export type RemindersFormValues = VisitSettingsFormValues['reminders'];

/** Every field the server may name in a 400, for placing its messages. */
export const visitSettingsErrorFields = [
  'freeMoves',
  'offerHoldMinutes',
  'reminders.treatmentFirstHours',
  'reminders.stayFirstDays',
  'reminders.staySecondDays',
  'reminders.quietFromHour',
  'reminders.quietUntilHour',
] as const;

type Settings = Pick<VisitSettings, 'freeMoves' | 'offerHoldMinutes'> & { reminders: Omit<VisitSettings['reminders'], 'checkedAt'> };

export function toVisitSettingsForm({ freeMoves, offerHoldMinutes, reminders: r }: Settings): VisitSettingsFormValues {
  return {
    freeMoves: String(freeMoves),
    offerHoldMinutes: String(offerHoldMinutes),
    reminders: {
      on: r.on,
      treatmentFirstHours: String(r.treatmentFirstHours),
      treatmentMorningOf: r.treatmentMorningOf,
      stayFirstDays: String(r.stayFirstDays),
      staySecondDays: String(r.staySecondDays),
      quietFromHour: String(r.quietFromHour),
      quietUntilHour: String(r.quietUntilHour),
    },
  };
}

/** The whole form, as the server reads it (every field sent; the checks above passed). */
export function toVisitSettingsInput({ freeMoves, offerHoldMinutes, reminders: r }: VisitSettingsFormValues): VisitSettingsInput {
  return {
    freeMoves: Number(freeMoves.trim()),
    offerHoldMinutes: Number(offerHoldMinutes.trim()),
    reminders: {
      on: r.on,
      treatmentFirstHours: Number(r.treatmentFirstHours.trim()),
      treatmentMorningOf: r.treatmentMorningOf,
      stayFirstDays: Number(r.stayFirstDays.trim()),
      staySecondDays: Number(r.staySecondDays.trim()),
      quietFromHour: Number(r.quietFromHour),
      quietUntilHour: Number(r.quietUntilHour),
    },
  };
}

/** What a number of free moves means for a guest, under the field. */
export function freeMovesMeaning(value: string): string {
  const text = value.trim();
  if (!/^\d{1,2}$/.test(text) || Number(text) > FREE_MOVES_MAX) return `0 to ${FREE_MOVES_MAX}.`;
  const moves = Number(text);
  if (moves === 0) return 'Guests cannot move a booking themselves; the retreat still can, from here.';
  return `A guest may move each booking ${moves === 1 ? 'once' : `${moves} times`} through her link, until its free-cancellation deadline.`;
}

/** An hour of the day as the site writes times: "21" → "9:00 PM", "0" → "12:00 AM". */
export function hourLabel(hour: string | number): string {
  return formatSlot(`${Number(hour)}:00`);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Under the treatments' hours: when the first goes, in days too when whole ("48" → "2 days"). */
export function treatmentFirstMeaning(value: string): string {
  const hours = whole(value, 1, TREATMENT_FIRST_HOURS_MAX);
  if (hours === undefined) return `Hours before the visit, 1 to ${TREATMENT_FIRST_HOURS_MAX}.`;
  const days = hours % 24 === 0 ? ` (${plural(hours / 24, 'day', 'days')})` : '';
  return `${plural(hours, 'hour', 'hours')}${days} before the first treatment; it asks “Will you be with us?”`;
}

/** Under the stays' days: "7" → "7 days before arrival"; the second's 0 → "the morning of arrival". */
export function stayDaysMeaning(value: string, which: 'first' | 'second'): string {
  const days = which === 'first' ? whole(value, 1, STAY_FIRST_DAYS_MAX) : whole(value, 0, STAY_FIRST_DAYS_MAX - 1);
  if (days === undefined)
    return which === 'first' ? `Days before arrival, 1 to ${STAY_FIRST_DAYS_MAX}.` : 'Fewer days than the first; 0 is the day of arrival.';
  if (days === 0) return 'On the day of arrival.';
  if (days === 1) return 'The day before arrival.';
  return `${days} days before arrival.`;
}

/** Under the quiet hours: what they hold back, or that there are none. */
export function quietHoursMeaning(from: string, until: string): string {
  if (from === until) return 'The same hour twice: no quiet hours, reminders go as they fall due.';
  return `Nothing leaves from ${hourLabel(from)} until ${hourLabel(until)}, retreat time; what falls due then goes at ${hourLabel(until)}.`;
}

/** Under the hold: "120" → "2 hours", "90" → "1 hour 30 minutes", in words the owner reads at a glance. */
export function offerHoldMeaning(value: string): string {
  const minutes = whole(value, OFFER_HOLD_MINUTES_MIN, OFFER_HOLD_MINUTES_MAX, 4);
  if (minutes === undefined) return `Minutes, ${OFFER_HOLD_MINUTES_MIN} to ${OFFER_HOLD_MINUTES_MAX.toLocaleString('en-US')} (a day).`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const length = [hours > 0 ? plural(hours, 'hour', 'hours') : '', rest > 0 ? plural(rest, 'minute', 'minutes') : '']
    .filter(Boolean)
    .join(' ');
  return `Minutes. A place offered from the waitlist is kept ${length} for its guest, then goes to the next guest waiting.`;
}

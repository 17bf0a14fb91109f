import { timeSlots, type TimeSlot } from '@/config/site';
import { z } from '@/lib/zod';
import type { Schedule, ScheduleInput } from '../shared/types';

/*
 * The standing schedule as a form: capacities and the horizon as text ("" =
 * no limit), the weekly grid as the chosen times per weekday, notice as text.
 * The field names are the API's, so its per-field errors ("capacity.massage",
 * "openingHours.monday") land on the matching fields as they are.
 */

export const weekdays = [
  { key: 'monday', label: 'Monday', short: 'Mon' },
  { key: 'tuesday', label: 'Tuesday', short: 'Tue' },
  { key: 'wednesday', label: 'Wednesday', short: 'Wed' },
  { key: 'thursday', label: 'Thursday', short: 'Thu' },
  { key: 'friday', label: 'Friday', short: 'Fri' },
  { key: 'saturday', label: 'Saturday', short: 'Sat' },
  { key: 'sunday', label: 'Sunday', short: 'Sun' },
] as const;
export type Weekday = (typeof weekdays)[number]['key'];

/** One value per weekday, Monday first. */
function byWeekday<T>(value: (day: Weekday) => T): Record<Weekday, T> {
  return Object.fromEntries(weekdays.map(({ key }) => [key, value(key)])) as Record<Weekday, T>;
}

export const capacityFields = [
  { key: 'massage', label: 'Massage', unit: 'Guests per time', suffix: 'guests / time' },
  { key: 'spa', label: 'Spa', unit: 'Guests per time', suffix: 'guests / time' },
  { key: 'package', label: 'Wellness packages', unit: 'Guests per time', suffix: 'guests / time' },
  { key: 'accommodation', label: 'Tiny Home', unit: 'Tiny Home units per night', suffix: 'units / night' },
] as const;
export type CapacityKey = (typeof capacityFields)[number]['key'];

export const CAPACITY_MAX = 10000;
export const NOTICE_MAX_HOURS = 720;
export const HORIZON_MAX_DAYS = 730;

const wholeNumber = (value: string) => /^\d+$/.test(value);

const capacity = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (wholeNumber(v) && Number(v) >= 1 && Number(v) <= CAPACITY_MAX),
    `Enter a whole number from 1 to ${CAPACITY_MAX}, or leave it empty for no limit`,
  );

const slots = z.array(z.enum(timeSlots));

export const scheduleSchema = z.object({
  capacity: z.object({ massage: capacity, spa: capacity, package: capacity, accommodation: capacity }),
  openingHours: z.object(byWeekday(() => slots)),
  minimumNoticeHours: z
    .string()
    .trim()
    .min(1, 'Minimum notice is required')
    .refine(
      (v) => wholeNumber(v) && Number(v) <= NOTICE_MAX_HOURS,
      `Minimum notice must be a whole number of hours from 0 to ${NOTICE_MAX_HOURS}`,
    ),
  horizonDays: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (wholeNumber(v) && Number(v) >= 1 && Number(v) <= HORIZON_MAX_DAYS),
      `Enter a whole number of days from 1 to ${HORIZON_MAX_DAYS}, or leave it empty for no limit`,
    ),
});

export type ScheduleFormValues = z.input<typeof scheduleSchema>;

/** Every field the server may name in a 400, for placing its messages. */
export const scheduleErrorFields = [
  ...capacityFields.map((f) => `capacity.${f.key}` as const),
  ...weekdays.map((d) => `openingHours.${d.key}` as const),
  'minimumNoticeHours',
  'horizonDays',
] as const;

/** The five times in the day's order, whatever order they were ticked in. */
export function sortSlots(chosen: readonly string[]): TimeSlot[] {
  return timeSlots.filter((slot) => chosen.includes(slot));
}

export function toScheduleForm(schedule: Schedule): ScheduleFormValues {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const hours = (day: Weekday) => sortSlots(schedule.openingHours[day] ?? []);
  return {
    capacity: {
      massage: text(schedule.capacity.massage),
      spa: text(schedule.capacity.spa),
      package: text(schedule.capacity.package),
      accommodation: text(schedule.capacity.accommodation),
    },
    openingHours: byWeekday(hours),
    minimumNoticeHours: String(schedule.minimumNoticeHours),
    horizonDays: text(schedule.horizonDays),
  };
}

/** An empty capacity or horizon is "no limit" (null); the times go out in the day's order. */
export function toScheduleInput(values: ScheduleFormValues): ScheduleInput {
  const limit = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
  const hours = (day: Weekday) => sortSlots(values.openingHours[day]);
  return {
    capacity: {
      massage: limit(values.capacity.massage),
      spa: limit(values.capacity.spa),
      package: limit(values.capacity.package),
      accommodation: limit(values.capacity.accommodation),
    },
    openingHours: byWeekday(hours),
    minimumNoticeHours: Number(values.minimumNoticeHours.trim()),
    horizonDays: limit(values.horizonDays),
  };
}

/** "Closed", "All five times", "9:00 AM, 1:00 PM" otherwise: a row's summary. */
export function openingSummary(chosen: readonly string[], format: (slot: string) => string): string {
  const sorted = sortSlots(chosen);
  if (sorted.length === 0) return 'Closed';
  if (sorted.length === timeSlots.length) return 'All five times';
  return sorted.map(format).join(', ');
}

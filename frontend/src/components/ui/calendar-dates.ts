import { formatUtcDay } from '@/lib/utc-day-format';

/*
 * Calendar dates written yyyy-MM-dd (no time, no time zone), so a day never
 * shifts with the viewer's clock. Date objects only ever hold UTC midnight.
 */

export type MonthRef = { year: number; month: number }; // month: 0-11

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function utc(day: string): Date {
  const [y = '1970', m = '1', d = '1'] = day.split('-');
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isoDay(year: number, month: number, day: number): string {
  return iso(new Date(Date.UTC(year, month, day)));
}

export function addDays(day: string, days: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

/** Same day of the month `months` later, clamped to the end of a shorter month. */
export function addMonths(day: string, months: number): string {
  const date = utc(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return iso(target);
}

export function monthOf(day: string): MonthRef {
  const date = utc(day);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

export function shiftMonth({ year, month }: MonthRef, by: number): MonthRef {
  const date = new Date(Date.UTC(year, month + by, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

/** yyyy-MM, as the month availability is asked for. */
export function monthParam({ year, month }: MonthRef): string {
  return `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function firstDayOfMonth({ year, month }: MonthRef): string {
  return isoDay(year, month, 1);
}

export function lastDayOfMonth({ year, month }: MonthRef): string {
  return iso(new Date(Date.UTC(year, month + 1, 0)));
}

/** Weeks (Sunday first) of the month; days outside it are null. */
export function monthWeeks(ref: MonthRef): Array<Array<string | null>> {
  const first = utc(firstDayOfMonth(ref));
  const count = utc(lastDayOfMonth(ref)).getUTCDate();
  const cells: Array<string | null> = Array.from({ length: first.getUTCDay() }, () => null);
  for (let d = 1; d <= count; d += 1) cells.push(isoDay(ref.year, ref.month, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "December 2026". */
export function formatMonth({ year, month }: MonthRef): string {
  return formatUtcDay(new Date(Date.UTC(year, month, 1)), 'monthYear');
}

/** "Friday, December 18, 2026". */
export function formatFullDay(day: string): string {
  const date = utc(day);
  return `${WEEKDAY_NAMES[date.getUTCDay()]}, ${formatUtcDay(date, 'long')}`;
}

import { formatUtcDay } from './utc-day-format';

/*
 * Words and arithmetic of a stay over several nights, on yyyy-MM-dd days
 * (never shifted by the viewer's clock): shared by the booking dialog, the
 * guest's page and the back office.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDate(day: string): Date | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** Whole nights from check-in to check-out (negative when check-out comes first; NaN when unreadable). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const start = utcDate(checkIn);
  const end = utcDate(checkOut);
  if (!start || !end) return Number.NaN;
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}

/** The nights of a stay (each night named by the day it begins): check-in up to the day before check-out. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const count = nightsBetween(checkIn, checkOut);
  const start = utcDate(checkIn);
  if (!start || !(count > 0)) return [];
  return Array.from({ length: count }, (_, i) => new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}

/** "1 night", "2 nights". */
export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** "2026-12-04" → "Dec 4". */
export function formatShortDay(day: string): string {
  const date = utcDate(day);
  return date ? formatUtcDay(date, 'monthDay') : day;
}

/** "2026-12-04" → "Fri, Dec 4". */
export function formatWeekdayShortDay(day: string): string {
  const date = utcDate(day);
  return date ? formatUtcDay(date, 'weekdayMonthDay') : day;
}

/** "Dec 4 → Dec 6 · 2 nights" (the nights counted from the days when not given). */
export function formatStayRange(checkIn: string, checkOut: string, nights?: number | null): string {
  const count = nights ?? nightsBetween(checkIn, checkOut);
  return `${formatShortDay(checkIn)} → ${formatShortDay(checkOut)} · ${nightsLabel(count)}`;
}

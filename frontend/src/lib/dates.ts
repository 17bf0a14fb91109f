import { siteInfo } from './site-info';

/**
 * The retreat's own time zone: "today" for bookings is today in Idyllwild.
 * The server says which (BUSINESS_TZ, in the page head); the default is for
 * pages that did not come from it (dev server, unit tests).
 */
export const BUSINESS_TIME_ZONE = siteInfo?.timeZone ?? 'America/Los_Angeles';

/** yyyy-MM-dd of the given instant in the business time zone. */
export function businessToday(now: Date = new Date()): string {
  // en-CA formats dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * A yyyy-MM-dd day that is today or later in the business time zone: the only
 * days a guest can book. A date input typed key by key passes through years
 * like 0002, 0020 and 0202 before 2027; those are well-formed but past.
 */
export function isTodayOrLater(value: string, now: Date = new Date()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= businessToday(now);
}

/** "2024-05-03T10:00:00Z" or "2024-05-03" → "May 3, 2024" (calendar date as written). */
export function formatLongDate(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!day) return value;
  const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(date);
}

/*
 * Instants (createdAt, publishedAt) are shown in the retreat's own time zone,
 * as the staff read them, whatever the viewer's clock says.
 */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

function parse(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "2026-05-03T17:20:00Z" → "May 3, 2026". */
export function formatInstantDate(value: string): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : value;
}

/** "2026-05-03T17:20:00Z" → "May 3, 2026 at 10:20 AM". */
export function formatInstantDateTime(value: string): string {
  const date = parse(value);
  return date ? `${dateFormat.format(date)} at ${timeFormat.format(date)}` : value;
}

/** "2026-05-03T17:20:00Z" → "10:20 AM". */
export function formatInstantTime(value: string): string {
  const date = parse(value);
  return date ? timeFormat.format(date) : value;
}

/** A calendar date "2026-12-18" → "Dec 18, 2026". */
export function formatCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

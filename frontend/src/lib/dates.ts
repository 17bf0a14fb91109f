import { getSiteInfo } from './site-info';
import { formatUtcDay } from './utc-day-format';

/**
 * The retreat's own time zone: "today" for bookings is today in Idyllwild.
 * The server says which (BUSINESS_TZ, in the page head); the default is for
 * pages that did not come from it (dev server, unit tests). Read when needed,
 * not at module load: the server renderer sets the site info per render.
 */
export function businessTimeZone(): string {
  return getSiteInfo()?.timeZone ?? 'America/Los_Angeles';
}

/*
 * The formats below that convert an instant into the retreat's time zone need
 * Intl (QuickJS, the server renderer, has none). Only the browser uses them:
 * the booking dialog and the admin screens, which the server never renders.
 * They are built on first use so that merely loading this module works
 * without Intl.
 */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = businessTimeZone();
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = zonedFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    zonedFormats.set(key, format);
  }
  return format;
}

/** yyyy-MM-dd of the given instant in the business time zone. */
export function businessToday(now: Date = new Date()): string {
  // en-CA formats dates as yyyy-MM-dd.
  return zonedFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
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
  return formatUtcDay(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))), 'long');
}

/*
 * Instants (createdAt, publishedAt) are shown in the retreat's own time zone,
 * as the staff read them, whatever the viewer's clock says.
 */
const dateFormat = () => zonedFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = () => zonedFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function parse(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "2026-05-03T17:20:00Z" → "May 3, 2026". */
export function formatInstantDate(value: string): string {
  const date = parse(value);
  return date ? dateFormat().format(date) : value;
}

/** "2026-05-03T17:20:00Z" → "May 3, 2026 at 10:20 AM". */
export function formatInstantDateTime(value: string): string {
  const date = parse(value);
  return date ? `${dateFormat().format(date)} at ${timeFormat().format(date)}` : value;
}

/** "2026-05-03T17:20:00Z" → "10:20 AM". */
export function formatInstantTime(value: string): string {
  const date = parse(value);
  return date ? timeFormat().format(date) : value;
}

/** A calendar date "2026-12-18" → "Dec 18, 2026". */
export function formatCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return formatUtcDay(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))), 'medium');
}

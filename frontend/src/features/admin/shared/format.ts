import { BUSINESS_TIME_ZONE } from '@/lib/dates';

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

/** A calendar date "2026-12-18" → "Dec 18, 2026". */
export function formatCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

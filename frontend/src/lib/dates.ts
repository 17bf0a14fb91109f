/** The retreat's own time zone: "today" for bookings is today in Idyllwild (as on the server). */
export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

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

/** "2024-05-03T10:00:00Z" or "2024-05-03" → "May 3, 2024" (calendar date as written). */
export function formatLongDate(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!day) return value;
  const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(date);
}

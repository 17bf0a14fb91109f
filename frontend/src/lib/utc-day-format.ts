/*
 * Words for a calendar day held as a Date at UTC midnight, in en-US, the way
 * Intl.DateTimeFormat writes them. The server renders pages in QuickJS, which
 * has no Intl: there the same words come from the tables below. Both paths
 * must give the same bytes, or the browser's first render would not match
 * the server's HTML; utc-day-format.test.ts compares them day by day.
 */

export type UtcDayStyle =
  /** "May 3, 2024" */
  | 'long'
  /** "Dec 18, 2026" */
  | 'medium'
  /** "Dec 4" */
  | 'monthDay'
  /** "Fri, Dec 4" */
  | 'weekdayMonthDay'
  /** "December 2026" */
  | 'monthYear';

const intlOptions: Record<UtcDayStyle, Intl.DateTimeFormatOptions> = {
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  monthDay: { month: 'short', day: 'numeric' },
  weekdayMonthDay: { weekday: 'short', month: 'short', day: 'numeric' },
  monthYear: { month: 'long', year: 'numeric' },
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The en-US words without Intl (years 1 to 9999, the only ones a page shows). */
export function formatUtcDayWithoutIntl(date: Date, style: UtcDayStyle): string {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  switch (style) {
    case 'long':
      return `${MONTHS[month]} ${day}, ${year}`;
    case 'medium':
      return `${SHORT_MONTHS[month]} ${day}, ${year}`;
    case 'monthDay':
      return `${SHORT_MONTHS[month]} ${day}`;
    case 'weekdayMonthDay':
      return `${SHORT_WEEKDAYS[date.getUTCDay()]}, ${SHORT_MONTHS[month]} ${day}`;
    case 'monthYear':
      return `${MONTHS[month]} ${year}`;
  }
}

const intlFormats = new Map<UtcDayStyle, Intl.DateTimeFormat>();

/** The en-US words of a UTC-midnight day: Intl where the engine has it, the tables otherwise. */
export function formatUtcDay(date: Date, style: UtcDayStyle): string {
  if (typeof Intl === 'undefined') return formatUtcDayWithoutIntl(date, style);
  let format = intlFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...intlOptions[style] });
    intlFormats.set(style, format);
  }
  return format.format(date);
}

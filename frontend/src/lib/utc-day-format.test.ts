import { describe, expect, it, vi } from 'vitest';
import { formatUtcDay, formatUtcDayWithoutIntl, type UtcDayStyle } from './utc-day-format';

/*
 * The server renders in QuickJS, which has no Intl, and the browser hydrates
 * with Intl: a single differing byte is a hydration mismatch. So the tables
 * must write exactly what en-US Intl writes.
 */
const styles: UtcDayStyle[] = ['long', 'medium', 'monthDay', 'weekdayMonthDay', 'monthYear'];
const DAY_MS = 86_400_000;

const intlFormats = new Map<UtcDayStyle, Intl.DateTimeFormat>(
  (
    [
      ['long', { month: 'long', day: 'numeric', year: 'numeric' }],
      ['medium', { month: 'short', day: 'numeric', year: 'numeric' }],
      ['monthDay', { month: 'short', day: 'numeric' }],
      ['weekdayMonthDay', { weekday: 'short', month: 'short', day: 'numeric' }],
      ['monthYear', { month: 'long', year: 'numeric' }],
    ] as const
  ).map(([style, options]) => [style, new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options })]),
);

function intl(date: Date, style: UtcDayStyle): string {
  return intlFormats.get(style)!.format(date);
}

describe('calendar-day words without Intl', () => {
  it('match en-US Intl on every day from 1990 to 2080', () => {
    const mismatches: string[] = [];
    for (let time = Date.UTC(1990, 0, 1); time <= Date.UTC(2080, 11, 31); time += DAY_MS) {
      const date = new Date(time);
      for (const style of styles) {
        const expected = intl(date, style);
        const actual = formatUtcDayWithoutIntl(date, style);
        if (actual !== expected) mismatches.push(`${date.toISOString()} ${style}: ${actual} ≠ ${expected}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('match en-US Intl on the first of every month of years 1 to 9999 (sampled)', () => {
    for (const year of [1, 9, 10, 99, 100, 999, 1000, 1582, 1900, 2000, 2100, 2400, 9999]) {
      for (let month = 0; month < 12; month += 1) {
        const date = new Date(0);
        date.setUTCFullYear(year, month, 1);
        for (const style of styles) expect(formatUtcDayWithoutIntl(date, style), `${year}-${month + 1} ${style}`).toBe(intl(date, style));
      }
    }
  });

  it('are what formatUtcDay gives where the engine has no Intl', () => {
    const date = new Date(Date.UTC(2026, 11, 4));
    const withIntl = styles.map((style) => formatUtcDay(date, style));
    vi.stubGlobal('Intl', undefined);
    try {
      expect(styles.map((style) => formatUtcDay(date, style))).toEqual(withIntl);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(withIntl).toEqual(['December 4, 2026', 'Dec 4, 2026', 'Dec 4', 'Fri, Dec 4', 'December 2026']);
  });
});

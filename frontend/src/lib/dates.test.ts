import { describe, expect, it } from 'vitest';
import {
  businessToday,
  formatCalendarDate,
  formatInstantDate,
  formatInstantDateTime,
  formatInstantTime,
  formatLongDate,
  isTodayOrLater,
} from './dates';

// 2026-11-23 07:30 UTC is still 2026-11-22 in Idyllwild.
const now = new Date('2026-11-23T07:30:00Z');

describe('businessToday', () => {
  it('is the calendar day in the retreat time zone', () => {
    expect(businessToday(now)).toBe('2026-11-22');
  });
});

describe('isTodayOrLater', () => {
  it('accepts today and later days', () => {
    expect(isTodayOrLater('2026-11-22', now)).toBe(true);
    expect(isTodayOrLater('2027-04-18', now)).toBe(true);
  });

  it('rejects past days, including the years a date input passes through while typed', () => {
    expect(isTodayOrLater('2026-11-21', now)).toBe(false);
    for (const year of ['0002', '0020', '0202']) expect(isTodayOrLater(`${year}-04-18`, now)).toBe(false);
  });

  it('rejects anything that is not yyyy-MM-dd', () => {
    expect(isTodayOrLater('', now)).toBe(false);
    expect(isTodayOrLater('2027-4-18', now)).toBe(false);
    expect(isTodayOrLater('20271-04-18', now)).toBe(false);
  });
});

describe('formatLongDate', () => {
  it('formats the calendar date as written', () => {
    expect(formatLongDate('2024-05-03T23:00:00Z')).toBe('May 3, 2024');
    expect(formatLongDate('2024-05-03')).toBe('May 3, 2024');
    expect(formatLongDate('soon')).toBe('soon');
  });
});

describe('instants and calendar dates for the staff', () => {
  it('shows an instant in the retreat time zone', () => {
    expect(formatInstantDate('2026-05-04T05:20:00Z')).toBe('May 3, 2026');
    expect(formatInstantDateTime('2026-05-03T17:20:00Z')).toBe('May 3, 2026 at 10:20 AM');
    expect(formatInstantTime('2026-11-23T02:48:22.451899Z')).toBe('6:48 PM');
    expect(formatInstantDate('not a date')).toBe('not a date');
  });

  it('shows a calendar date as written', () => {
    expect(formatCalendarDate('2026-12-18')).toBe('Dec 18, 2026');
    expect(formatCalendarDate('18/12/2026')).toBe('18/12/2026');
  });
});

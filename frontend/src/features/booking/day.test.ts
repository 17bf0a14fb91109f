import { describe, expect, it } from 'vitest';
import { dayVerdict, followedDay, isPickable } from './day';

const TODAY = '2026-12-01';

describe('a day of the treatments calendar', () => {
  it('is open when the server says so, or before it has answered', () => {
    expect(dayVerdict('2026-12-04', TODAY, { available: true, reasonCode: null })).toEqual({ mark: 'open' });
    expect(dayVerdict('2026-12-04', TODAY, undefined)).toEqual({ mark: 'open' });
    expect(dayVerdict(TODAY, TODAY, { available: true })).toEqual({ mark: 'open' });
  });

  it('is past before today, whatever is known of it', () => {
    expect(dayVerdict('2026-11-30', TODAY, undefined)).toEqual({ mark: 'past', words: 'past' });
    expect(dayVerdict('2026-11-30', TODAY, { available: true })).toEqual({ mark: 'past', words: 'past' });
    expect(dayVerdict('2026-12-04', TODAY, { available: false, reasonCode: 'past' as const }).mark).toBe('past');
  });

  it('tells closed days (blackouts, blocks, the horizon) from full ones, in words', () => {
    const closed = { available: false, reasonCode: 'closed' as const };
    expect(dayVerdict('2026-12-04', TODAY, closed)).toEqual({ mark: 'closed', words: 'closed' });
    const beyond = { available: false, reasonCode: 'beyond_horizon' as const };
    expect(dayVerdict('2026-12-04', TODAY, beyond)).toEqual({ mark: 'closed', words: 'not yet open for booking' });
    const full = { available: false, reasonCode: 'full' as const };
    expect(dayVerdict('2026-12-04', TODAY, full)).toEqual({ mark: 'full', words: 'fully booked' });
    const noTimes = { available: false, reasonCode: 'all_times_taken' as const };
    expect(dayVerdict('2026-12-04', TODAY, noTimes)).toEqual({ mark: 'full', words: 'no times left' });
  });

  it('closes a day for a reason it does not know, or none', () => {
    const newer = { available: false, reasonCode: 'something_new' as unknown as 'closed' };
    expect(dayVerdict('2026-12-04', TODAY, newer)).toEqual({ mark: 'closed', words: 'unavailable' });
    expect(dayVerdict('2026-12-04', TODAY, { available: false, reasonCode: null })).toEqual({ mark: 'closed', words: 'unavailable' });
  });

  it('only an open day can be chosen', () => {
    expect(isPickable({ mark: 'open' })).toBe(true);
    for (const mark of ['past', 'closed', 'full'] as const) expect(isPickable({ mark })).toBe(false);
  });
});

describe('the day the calendar follows from the date field', () => {
  it('is a whole date from today on', () => {
    expect(followedDay('2027-03-06', TODAY)).toBe('2027-03-06');
    expect(followedDay(TODAY, TODAY)).toBe(TODAY);
  });

  it('is none for an empty, partial or past date (a year typed key by key)', () => {
    for (const value of ['', '0002-03-06', '0202-03-06', '2026-11-30', '2027-3-6', 'tomorrow']) {
      expect(followedDay(value, TODAY)).toBeUndefined();
    }
  });
});

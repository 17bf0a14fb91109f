import { describe, expect, it } from 'vitest';
import { nightsBetween, stayNights, formatStayRange, nightsLabel, formatWeekdayShortDay } from '@/lib/stay-dates';
import {
  canCheckIn,
  isCheckOutOption,
  isSelectable,
  isValidStay,
  lastCheckOut,
  pickDay,
  stayTotalCents,
  waitableStay,
  type NightOpen,
} from './stay';

/** Every night open except the listed ones (and nights not in `known`, when given, are not known yet). */
const openExcept =
  (taken: string[], known?: (day: string) => boolean): NightOpen =>
  (day) =>
    known && !known(day) ? undefined : !taken.includes(day);

const TODAY = '2026-12-01';

describe('nights between check-in and check-out', () => {
  it('counts whole nights, across months, years and the DST change', () => {
    expect(nightsBetween('2026-12-04', '2026-12-06')).toBe(2);
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2027-03-13', '2027-03-15')).toBe(2);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(nightsBetween('2026-12-06', '2026-12-04')).toBe(-2);
    expect(nightsBetween('', '2026-12-04')).toBeNaN();
  });

  it('lists the nights, each by the day it begins', () => {
    expect(stayNights('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(stayNights('2026-12-04', '2026-12-04')).toEqual([]);
  });

  it('a stay is 1 to 14 nights', () => {
    expect(isValidStay('2026-12-04', '2026-12-05')).toBe(true);
    expect(isValidStay('2026-12-04', '2026-12-18')).toBe(true);
    expect(isValidStay('2026-12-04', '2026-12-19')).toBe(false);
    expect(isValidStay('2026-12-04', '2026-12-04')).toBe(false);
    expect(isValidStay('2026-12-04', '2026-12-03')).toBe(false);
    expect(isValidStay('2026-12-04', '')).toBe(false);
  });

  it('words', () => {
    expect(nightsLabel(1)).toBe('1 night');
    expect(nightsLabel(2)).toBe('2 nights');
    expect(formatStayRange('2026-12-04', '2026-12-06')).toBe('Dec 4 → Dec 6 · 2 nights');
    expect(formatStayRange('2026-12-30', '2027-01-02', 3)).toBe('Dec 30 → Jan 2 · 3 nights');
    expect(formatWeekdayShortDay('2026-12-04')).toBe('Fri, Dec 4');
  });
});

describe('which days can be check-out', () => {
  it('up to 14 nights when every night is open', () => {
    const open = openExcept([]);
    expect(lastCheckOut('2026-12-04', open)).toBe('2026-12-18');
    expect(isCheckOutOption('2026-12-04', '2026-12-05', open)).toBe(true);
    expect(isCheckOutOption('2026-12-04', '2026-12-18', open)).toBe(true);
    expect(isCheckOutOption('2026-12-04', '2026-12-19', open)).toBe(false);
    expect(isCheckOutOption('2026-12-04', '2026-12-04', open)).toBe(false);
    expect(isCheckOutOption('2026-12-04', '2026-12-03', open)).toBe(false);
  });

  it('never across an unavailable night, but its day is still a check-out', () => {
    const open = openExcept(['2026-12-07']);
    expect(lastCheckOut('2026-12-04', open)).toBe('2026-12-07');
    expect(isCheckOutOption('2026-12-04', '2026-12-07', open)).toBe(true);
    expect(isCheckOutOption('2026-12-04', '2026-12-08', open)).toBe(false);
    // The night before the unavailable one: one night only.
    expect(lastCheckOut('2026-12-06', open)).toBe('2026-12-07');
    // Starting on the unavailable night: no stay at all.
    expect(lastCheckOut('2026-12-07', open)).toBeUndefined();
    expect(isCheckOutOption('2026-12-07', '2026-12-08', open)).toBe(false);
  });

  it('nights not known yet are not refused (the server decides)', () => {
    const decemberOnly = openExcept([], (day) => day.startsWith('2026-12'));
    expect(lastCheckOut('2026-12-28', decemberOnly)).toBe('2027-01-11');
  });
});

describe('choosing a stay by clicks', () => {
  const open = openExcept(['2026-12-10']);

  it('a check-in is today or later, on an open night', () => {
    expect(canCheckIn('2026-11-30', TODAY, open)).toBe(false);
    expect(canCheckIn(TODAY, TODAY, open)).toBe(true);
    expect(canCheckIn('2026-12-10', TODAY, open)).toBe(false);
    expect(canCheckIn('2026-12-11', TODAY, open)).toBe(true);
  });

  it('first click check-in, second later click check-out', () => {
    let stay = pickDay({}, '2026-12-04', TODAY, open);
    expect(stay).toEqual({ checkIn: '2026-12-04', checkOut: undefined });
    stay = pickDay(stay, '2026-12-06', TODAY, open);
    expect(stay).toEqual({ checkIn: '2026-12-04', checkOut: '2026-12-06' });
    // A third click starts a new stay.
    expect(pickDay(stay, '2026-12-12', TODAY, open)).toEqual({ checkIn: '2026-12-12', checkOut: undefined });
  });

  it('a click before check-in starts over; a day past the reach does nothing', () => {
    const stay = { checkIn: '2026-12-08' };
    expect(pickDay(stay, '2026-12-05', TODAY, open)).toEqual({ checkIn: '2026-12-05', checkOut: undefined });
    expect(isSelectable(stay, '2026-12-10', TODAY, open)).toBe(true);
    expect(pickDay(stay, '2026-12-10', TODAY, open)).toEqual({ checkIn: '2026-12-08', checkOut: '2026-12-10' });
    expect(isSelectable(stay, '2026-12-11', TODAY, open)).toBe(false);
    expect(pickDay(stay, '2026-12-11', TODAY, open)).toBe(stay);
  });

  it('an unavailable night or a past day cannot be a check-in', () => {
    expect(isSelectable({}, '2026-12-10', TODAY, open)).toBe(false);
    expect(pickDay({}, '2026-12-10', TODAY, open)).toEqual({});
    expect(isSelectable({ checkIn: '2026-12-04' }, '2026-11-28', TODAY, open)).toBe(false);
  });
});

describe('the total', () => {
  it('is the nightly price times the nights, in cents', () => {
    expect(stayTotalCents('180.00', 2)).toBe(36_000);
    expect(stayTotalCents('179.99', 3)).toBe(53_997);
    expect(stayTotalCents(180, 14)).toBe(252_000);
  });
});

describe('a stay she may wait for (the waitlist)', () => {
  const open = openExcept(['2026-12-10', '2026-12-11', '2026-12-20']);
  // The 20th is closed (a blackout): no one waits for it. The 10th and 11th are taken by guests.
  const waitable = (day: string) => day !== '2026-12-20';

  it('is a one-night stay from a taken night clicked as check-in', () => {
    expect(waitableStay({}, '2026-12-10', TODAY, open, waitable)).toEqual({ checkIn: '2026-12-10', checkOut: '2026-12-11' });
  });

  it('runs from her check-in to a day past a taken night she clicks as check-out', () => {
    const stay = { checkIn: '2026-12-08' };
    expect(waitableStay(stay, '2026-12-12', TODAY, open, waitable)).toEqual({ checkIn: '2026-12-08', checkOut: '2026-12-12' });
  });

  it('is none across a closed night, past 14 nights, before today, or on an open night', () => {
    expect(waitableStay({}, '2026-12-20', TODAY, open, waitable)).toBeUndefined();
    expect(waitableStay({ checkIn: '2026-12-18' }, '2026-12-22', TODAY, open, waitable)).toBeUndefined();
    expect(waitableStay({ checkIn: '2026-12-08' }, '2026-12-23', TODAY, open, waitable)).toBeUndefined();
    expect(waitableStay({}, '2026-11-30', TODAY, openExcept(['2026-11-30']), () => true)).toBeUndefined();
    expect(waitableStay({}, '2026-12-05', TODAY, open, waitable)).toBeUndefined();
  });
});

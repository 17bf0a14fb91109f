import { afterEach, describe, expect, it } from 'vitest';
import { addMonths, monthWeeks } from '@/components/ui/calendar-dates';
import { ApiError } from '@/lib/api/errors';
import { secondFactorStep } from './auth/api/second-factor';
import { loginFailureText } from './auth/login-schema';
import { toAvailabilityInput, emptyAvailability } from './calendar/availability-schema';
import { activeStays, blackoutsCovering, dayMark, liftBlackoutQuestion, staysOn, waitingGuestsWords } from './calendar/calendar-logic';
import { summaryNotes } from './dashboard/summary-notes';
import { interestLabel, interestTone, OTHER_TONE } from './messages/interests';
import { shortOrderId } from './orders/order-items';
import { slugify } from './blog/post-schema';
import { neighbourFor } from './products/media-schema';
import { clearSession, readSession, saveSession } from './session/admin-session';
import { isUnauthorized } from './shared/notify';

describe('calendar rules', () => {
  const blackouts = [{ startDate: '2026-12-24', endDate: '2026-12-26' }];
  const entry = (date: string, currentBookings: number, maxCapacity: number) => ({ date, currentBookings, maxCapacity });

  it('a blackout covers its start and end dates inclusive', () => {
    expect(blackoutsCovering(blackouts, '2026-12-23')).toHaveLength(0);
    expect(blackoutsCovering(blackouts, '2026-12-24')).toHaveLength(1);
    expect(blackoutsCovering(blackouts, '2026-12-26')).toHaveLength(1);
    expect(blackoutsCovering(blackouts, '2026-12-27')).toHaveLength(0);
  });

  it('marks: blackout first, then a dot only when an entry has bookings; orange when any is full', () => {
    expect(dayMark('2026-12-25', blackouts, [entry('2026-12-25', 1, 1)])).toBe('blackout');
    expect(dayMark('2026-12-10', blackouts, [entry('2026-12-10', 0, 3)])).toBeUndefined();
    expect(dayMark('2026-12-10', blackouts, [entry('2026-12-10', 1, 3)])).toBe('booked');
    expect(dayMark('2026-12-10', blackouts, [entry('2026-12-10', 1, 3), entry('2026-12-10', 2, 2)])).toBe('full');
    expect(dayMark('2026-12-10', blackouts, [entry('2026-12-11', 2, 2)])).toBeUndefined();
  });

  it('three months ahead clamps to the end of a shorter month', () => {
    expect(addMonths('2026-01-15', 3)).toBe('2026-04-15');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
  });

  it('month weeks start on Sunday and pad with blanks', () => {
    const weeks = monthWeeks({ year: 2026, month: 1 }); // February 2026 starts on a Sunday
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2026-02-01');
    const march = monthWeeks({ year: 2026, month: 2 });
    expect(march[0]![0]).toBe('2026-03-01');
    expect(march.flat().filter(Boolean)).toHaveLength(31);
    expect(march.every((w) => w.length === 7)).toBe(true);
  });

  it('availability: "none" goes out as "none"; a slot only with a service', () => {
    expect(toAvailabilityInput('2026-12-18', { ...emptyAvailability, timeSlot: '11:00' })).toEqual({
      date: '2026-12-18',
      serviceId: 'none',
      accommodationType: 'none',
      timeSlot: null,
      maxCapacity: 1,
      isBlocked: false,
      blockReason: null,
    });
    expect(
      toAvailabilityInput('2026-12-18', {
        ...emptyAvailability,
        serviceId: 'svc-1',
        timeSlot: '11:00',
        maxCapacity: '4',
        isBlocked: true,
        blockReason: ' away ',
      }),
    ).toMatchObject({ serviceId: 'svc-1', timeSlot: '11:00', maxCapacity: 4, isBlocked: true, blockReason: 'away' });
  });
});

describe('blackouts and the waitlist', () => {
  it('says how many guests wait for the dates a blackout covers', () => {
    expect(waitingGuestsWords(2)).toBe('2 guests wait for these dates');
    expect(waitingGuestsWords(1)).toBe('1 guest waits for these dates');
    expect(waitingGuestsWords(0)).toBeUndefined();
    expect(waitingGuestsWords(undefined)).toBeUndefined();
  });

  it('asks before lifting one guests wait for, and not otherwise', () => {
    expect(liftBlackoutQuestion(3)).toBe(
      'Remove this blackout? 3 guests wait for these dates: the places it opens are offered to them first, by mail.',
    );
    expect(liftBlackoutQuestion(0)).toBeNull();
  });
});

describe('stays on the calendar', () => {
  type Status = 'pending' | 'confirmed' | 'completed' | 'cancelled';
  type Service = 'massage' | 'spa' | 'accommodation' | 'package';
  const booking = (id: string, service: Service, date: string, checkOut: string | null, status: Status = 'pending') => ({
    id,
    service,
    date,
    checkOut,
    status,
  });

  it('a stay shows on each of its nights, not on its check-out day; cancelled stays and other services never', () => {
    const stays = activeStays([
      booking('b', 'accommodation', '2026-12-04', '2026-12-06', 'confirmed'),
      booking('a', 'accommodation', '2026-12-01', '2026-12-02'),
      booking('c', 'accommodation', '2026-12-05', '2026-12-07', 'cancelled'),
      booking('d', 'massage', '2026-12-05', null),
    ]);
    expect(stays.map((s) => s.id)).toEqual(['a', 'b']);
    expect(staysOn(stays, '2026-12-03')).toEqual([]);
    expect(staysOn(stays, '2026-12-04').map((s) => s.id)).toEqual(['b']);
    expect(staysOn(stays, '2026-12-05').map((s) => s.id)).toEqual(['b']);
    expect(staysOn(stays, '2026-12-06')).toEqual([]);
    expect(staysOn(stays, '2026-12-01').map((s) => s.id)).toEqual(['a']);
  });
});

describe('orders and money', () => {
  it('shows the first 8 characters of an id with an ellipsis', () => {
    expect(shortOrderId('3afd9099-1234-5678-9abc-def012345678')).toBe('3afd9099…');
  });

  it('the stat cards’ notes read the summary’s figures', () => {
    const notes = summaryNotes({
      revenue: '12345.60',
      revenueThisMonth: '420',
      revenueLastMonth: '610.05',
      orders: 1200,
      ordersPending: 1234,
      bookings: 40,
      bookingsThisWeek: 3,
      bookingsPending: 0,
      messages: 9,
      messagesNew: 2,
      messagesUnanswered: 5,
      subscribers: 7,
      revenueBasis: 'order_totals',
      revenueSources: null,
      ordersNeverPaid: 0,
    });
    expect(notes).toEqual({
      revenue: 'This month $420.00 · last month $610.05',
      orders: '1,234 pending',
      bookings: '3 this week · 0 awaiting an answer',
      messages: '5 not yet answered',
    });
  });

  it('with payments on, the revenue line names what it counts and the orders line the never paid', () => {
    const month = { shop: '300.00', deposits: '25.00', giftCards: '100.00', refunded: '60.00' };
    const notes = summaryNotes({
      revenue: '425.00',
      revenueThisMonth: '425.00',
      revenueLastMonth: '0.00',
      orders: 4,
      ordersPending: 3,
      bookings: 2,
      bookingsThisWeek: 1,
      bookingsPending: 1,
      messages: 0,
      messagesNew: 0,
      messagesUnanswered: 0,
      subscribers: 0,
      revenueBasis: 'money_received',
      revenueSources: { thisMonth: month, lastMonth: { ...month, shop: '0.00' } },
      ordersNeverPaid: 2,
    });
    expect(notes.revenue).toBe(
      'This month $425.00 · last month $0.00. Received less refunds — this month: shop $300.00 · deposits $25.00 · gift cards sold $100.00',
    );
    expect(notes.orders).toBe('3 pending · 2 never paid, not counted');
  });
});

describe('forms and labels', () => {
  it('slugs are lowercased with spaces turned into hyphens as typed', () => {
    expect(slugify('Winter Solstice RITUAL')).toBe('winter-solstice-ritual');
    expect(slugify('already-a-slug')).toBe('already-a-slug');
    expect(slugify('two  spaces')).toBe('two--spaces');
  });

  it('media moves swap with the neighbour, never past the ends', () => {
    const items = ['a', 'b', 'c'];
    expect(neighbourFor(items, 1, 'up')).toEqual(['b', 'a']);
    expect(neighbourFor(items, 1, 'down')).toEqual(['b', 'c']);
    expect(neighbourFor(items, 0, 'up')).toBeUndefined();
    expect(neighbourFor(items, 2, 'down')).toBeUndefined();
  });

  it('interest keys map to labels; unknown and uncoloured ones wear the Other colour', () => {
    expect(interestLabel('spa')).toBe('Spa Treatments');
    expect(interestLabel('mystery')).toBe('Other');
    expect(interestTone('massage')).not.toBe(OTHER_TONE);
    expect(interestTone('general')).toBe(OTHER_TONE);
    expect(interestTone('mystery')).toBe(OTHER_TONE);
  });

  it('login failures prefer the server message', () => {
    expect(loginFailureText(new ApiError(401, 'Unauthorized', '{"message":"Invalid credentials"}'))).toBe('Invalid credentials');
    expect(loginFailureText(new ApiError(429, 'Too Many Requests', '{"message":"Too many failed logins. Please try again later."}'))).toBe(
      'Too many failed logins. Please try again later.',
    );
    expect(loginFailureText(new ApiError(401, 'Unauthorized', ''))).toBe('Invalid credentials');
    expect(loginFailureText(new TypeError('Failed to fetch'))).toBe('Login failed');
  });
});

describe('admin session', () => {
  afterEach(() => window.localStorage.clear());

  const answer = {
    token: 'tok',
    expiresAt: '2026-01-01T08:00:00Z',
    admin: {
      id: 'a1',
      email: 'a@b.co',
      name: 'Willow',
      isActive: true,
      createdAt: '2026-01-01T00:00:00Z',
      role: 'owner' as const,
      twoFactor: false,
      canReadIntake: false,
    },
  };

  it('needs both keys and a readable user', () => {
    expect(readSession()).toBeNull();
    saveSession(answer);
    expect(readSession()).toEqual({ token: 'tok', user: answer.admin });
    expect(readSession()).toBe(readSession());
    window.localStorage.setItem('adminUser', '{broken');
    expect(readSession()).toBeNull();
    saveSession(answer);
    window.localStorage.removeItem('adminToken');
    expect(readSession()).toBeNull();
  });

  it('clearing removes both keys', () => {
    saveSession(answer);
    clearSession();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('adminUser')).toBeNull();
  });
});

describe('two-step sign-in', () => {
  const step = { challenge: 'c1', expiresAt: '2026-01-01T00:05:00Z', passkey: true, authenticatorApp: false, recoveryCode: true };

  it('a refused login carries the second step only with second_factor_required', () => {
    const refused = new ApiError(401, 'Unauthorized', JSON.stringify({ code: 'second_factor_required', message: 'x', secondFactor: step }));
    expect(secondFactorStep(refused)).toEqual(step);
    expect(
      secondFactorStep(new ApiError(401, 'Unauthorized', '{"code":"invalid_credentials","message":"Invalid credentials"}')),
    ).toBeUndefined();
    expect(secondFactorStep(new Error('offline'))).toBeUndefined();
  });

  it('a refused code is no ended session', () => {
    expect(isUnauthorized(new ApiError(401, 'Unauthorized', '{"code":"unauthenticated","message":"x"}'))).toBe(true);
    expect(isUnauthorized(new ApiError(401, 'Unauthorized', ''))).toBe(true);
    expect(isUnauthorized(new ApiError(401, 'Unauthorized', '{"code":"invalid_code","message":"x"}'))).toBe(false);
    expect(isUnauthorized(new ApiError(401, 'Unauthorized', '{"code":"sign_in_expired","message":"x"}'))).toBe(false);
  });
});

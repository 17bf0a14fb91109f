import { describe, expect, it } from 'vitest';
import { attendanceWords, formatSentAt, guestAnswer, reminderEarlierPlace, reminderLine } from './reminders';

// The retreat's zone is Los Angeles (no site info in these tests): 19:05 UTC is 11:05 AM there in winter.
const now = new Date('2026-12-01T12:00:00Z');

describe('a booking’s reminders in the owner’s words', () => {
  it('gives the moment in the retreat’s time, with its year only when it is not this year’s', () => {
    expect(formatSentAt('2026-12-15T19:05:00Z', now)).toBe('Tue Dec 15, 11:05 AM');
    expect(formatSentAt('2027-01-05T16:30:00Z', now)).toBe('Tue Jan 5 2027, 8:30 AM');
    expect(formatSentAt('not a moment', now)).toBe('not a moment');
  });

  it('says which reminder went and whether it asked', () => {
    const sentAt = '2026-12-15T19:05:00Z';
    expect(reminderLine({ kind: 'first', asked: true, sentAt }, now)).toBe('First reminder, asked, sent Tue Dec 15, 11:05 AM');
    expect(reminderLine({ kind: 'second', asked: true, sentAt }, now)).toBe('Second reminder, asked again, sent Tue Dec 15, 11:05 AM');
    expect(reminderLine({ kind: 'second', asked: false, sentAt }, now)).toBe(
      'Second reminder, a plain reminder, sent Tue Dec 15, 11:05 AM',
    );
  });

  it('names the earlier place of a reminder sent before the booking moved', () => {
    const booking = { date: '2026-12-18', time: '11:00' } as const;
    expect(reminderEarlierPlace({ date: '2026-12-18', time: '11:00' }, booking)).toBeUndefined();
    expect(reminderEarlierPlace({ date: '2026-12-16', time: '13:00' }, booking)).toBe('For its earlier place, Dec 16, 2026 at 1:00 PM');
  });

  it('tells where the guest’s answer stands', () => {
    const none = { attendanceConfirmedAt: null, reminders: [] };
    const asked = {
      attendanceConfirmedAt: null,
      reminders: [{ kind: 'first', asked: true, sentAt: '2026-12-15T19:05:00Z', date: '2026-12-18', time: '11:00' }],
    } as const;
    const said = { attendanceConfirmedAt: '2026-12-15T20:00:00Z', reminders: [] };
    expect(guestAnswer({ status: 'confirmed' }, said, now)).toEqual({
      label: 'Will be there',
      tone: 'green',
      detail: 'The guest said so Tue Dec 15, 12:00 PM.',
    });
    expect(guestAnswer({ status: 'confirmed' }, { ...asked, reminders: [...asked.reminders] }, now).label).toBe('Asked, no answer yet');
    expect(guestAnswer({ status: 'confirmed' }, none, now).label).toBe('Not asked yet');
    expect(guestAnswer({ status: 'pending' }, none, now).label).toBe('Request to confirm');
    expect(guestAnswer({ status: 'cancelled' }, none, now).label).toBe('Cancelled');
    expect(guestAnswer({ status: 'completed' }, none, now).label).toBe('No answer');
  });

  it('marks a row whose guest said she will be there, and says when', () => {
    expect(attendanceWords('2026-12-15T20:00:00Z', now)).toEqual({
      shown: 'Guest will be there',
      spoken: 'Guest will be there (said so Tue Dec 15, 12:00 PM)',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { AdminWaitlistEntry } from '../shared/types';
import { entryStateInfo, offerStateInfo, offerWords, removeQuestion, splitWaitlist } from './waitlist-words';

const entry = (id: string, state: AdminWaitlistEntry['state'], offer: AdminWaitlistEntry['offer'] = null): AdminWaitlistEntry => ({
  id,
  service: 'massage',
  firstName: 'Hazel',
  lastName: 'Brook',
  email: 'hazel@example.test',
  wishes: [{ from: '2026-12-04', to: '2026-12-06', time: null }],
  state,
  createdAt: '2026-11-20T18:00:00Z',
  offer,
});

const heldOffer = { date: '2026-12-04', checkOut: null, time: '11:00' as const, heldUntil: '2026-12-04T20:30:00Z', state: 'held' as const };

describe('the waitlist in words', () => {
  it('names where a wait stands, and an offer, with a colour', () => {
    expect(entryStateInfo('waiting')).toEqual({ label: 'Waiting', tone: 'gold' });
    expect(entryStateInfo('booked').tone).toBe('green');
    expect(offerStateInfo('held')).toEqual({ label: 'Offer held', tone: 'yellow' });
    // A state this build does not know yet still reads as words.
    expect(entryStateInfo('paused')).toEqual({ label: 'Paused', tone: 'stone' });
  });

  it('says the place offered, and until when while it is held', () => {
    const now = new Date('2026-12-04T18:00:00Z');
    expect(offerWords(heldOffer, now)).toBe('Fri, Dec 4 · 11:00 AM, held until 12:30 PM today');
    expect(offerWords({ ...heldOffer, state: 'lapsed' }, now)).toBe('Fri, Dec 4 · 11:00 AM');
    expect(offerWords({ ...heldOffer, checkOut: '2026-12-06', time: '15:00' }, now)).toBe(
      'Dec 4 → Dec 6 · 2 nights, held until 12:30 PM today',
    );
  });

  it('asks before taking a guest off, saying what becomes of a held place', () => {
    expect(removeQuestion(entry('a', 'waiting'))).toBe('Take Hazel Brook off the waitlist? She will not be offered a place.');
    expect(removeQuestion(entry('a', 'waiting', heldOffer))).toBe(
      'Take Hazel Brook off the waitlist? The place held for her goes to the next guest.',
    );
  });

  it('keeps the waiting in the list’s order, apart from the ended', () => {
    const { waiting, ended } = splitWaitlist([entry('1', 'waiting'), entry('2', 'booked'), entry('3', 'waiting'), entry('4', 'left')]);
    expect(waiting.map((e) => e.id)).toEqual(['1', '3']);
    expect(ended.map((e) => e.id)).toEqual(['2', '4']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  capacityFigure,
  capacityLine,
  capacityOn,
  capacityShare,
  capacitySpoken,
  capacityTone,
  dayCapacitySpoken,
  serviceLabel,
  sourceLabel,
  waitingWords,
} from './capacity-words';

type Entry = Parameters<typeof capacityLine>[0];
const entry = (service: Entry['service'], taken: number, capacity: number | null, source: Entry['source']): Entry => ({
  service,
  taken,
  capacity,
  source,
});

describe('capacity words', () => {
  it('the services go by the front desk’s names', () => {
    expect(serviceLabel('massage')).toBe('Massage');
    expect(serviceLabel('spa')).toBe('Spa');
    expect(serviceLabel('package')).toBe('Packages');
    expect(serviceLabel('accommodation')).toBe('Tiny Home');
  });

  it('a line reads taken of capacity, the taken alone with no limit, and "closed"', () => {
    expect(capacityLine(entry('accommodation', 1, 1, 'entry'))).toBe('Tiny Home 1/1');
    expect(capacityLine(entry('massage', 5, 15, 'standing'))).toBe('Massage 5/15');
    expect(capacityLine(entry('massage', 5, null, 'open'))).toBe('Massage 5');
    expect(capacityLine(entry('spa', 0, 0, 'closed'))).toBe('Spa closed');
    expect(capacityFigure(entry('package', 0, 4, 'standing'))).toBe('0/4');
  });

  it('a closed day says closed even when bookings were taken before it closed', () => {
    expect(capacityFigure(entry('massage', 2, 0, 'closed'))).toBe('closed');
    expect(capacitySpoken(entry('massage', 2, 0, 'closed'))).toBe('Massage closed, 2 taken');
    expect(capacitySpoken(entry('massage', 0, 0, 'closed'))).toBe('Massage closed');
  });

  it('screen readers hear whole words', () => {
    expect(capacitySpoken(entry('accommodation', 0, 1, 'standing'))).toBe('Tiny Home 0 of 1 taken');
    expect(capacitySpoken(entry('massage', 5, null, 'open'))).toBe('Massage 5 taken, no limit');
    expect(dayCapacitySpoken({ services: [entry('massage', 1, 3, 'standing'), entry('accommodation', 1, 1, 'entry')] })).toBe(
      'Massage 1 of 3 taken, Tiny Home 1 of 1 taken',
    );
    expect(dayCapacitySpoken(undefined)).toBeUndefined();
    expect(dayCapacitySpoken({ services: [] })).toBeUndefined();
  });

  it('guests waiting for a day are said with its figures (the waitlist)', () => {
    expect(waitingWords({ waiting: 2 })).toBe('2 waiting');
    expect(waitingWords({ waiting: 0 })).toBeUndefined();
    expect(waitingWords({})).toBeUndefined();
    expect(capacitySpoken({ ...entry('massage', 3, 3, 'standing'), waiting: 2 })).toBe('Massage 3 of 3 taken, 2 waiting');
    expect(capacitySpoken({ ...entry('accommodation', 1, 1, 'entry'), waiting: 0 })).toBe('Tiny Home 1 of 1 taken');
  });

  it('tones: closed first, then full at or over capacity, busy with any taken, else free', () => {
    expect(capacityTone(entry('spa', 0, 0, 'closed'))).toBe('closed');
    expect(capacityTone(entry('spa', 2, 2, 'standing'))).toBe('full');
    expect(capacityTone(entry('spa', 3, 2, 'entry'))).toBe('full');
    expect(capacityTone(entry('spa', 1, 2, 'standing'))).toBe('busy');
    expect(capacityTone(entry('spa', 4, null, 'open'))).toBe('busy');
    expect(capacityTone(entry('spa', 0, null, 'open'))).toBe('free');
    expect(capacityTone(entry('spa', 0, 2, 'standing'))).toBe('free');
  });

  it('the share taken is between 0 and 1, and none without a limit or when closed', () => {
    expect(capacityShare(entry('massage', 5, 15, 'standing'))).toBeCloseTo(1 / 3);
    expect(capacityShare(entry('massage', 20, 15, 'entry'))).toBe(1);
    expect(capacityShare(entry('massage', 5, null, 'open'))).toBeUndefined();
    expect(capacityShare(entry('massage', 0, 0, 'closed'))).toBeUndefined();
  });

  it('sources and a day from a range', () => {
    expect(sourceLabel('standing')).toBe('Standing capacity');
    expect(sourceLabel('entry')).toBe('Set for this day');
    expect(sourceLabel('open')).toBe('No limit');
    expect(sourceLabel('closed')).toBe('Closed');
    const days = [{ date: '2026-12-01' }, { date: '2026-12-02' }];
    expect(capacityOn(days, '2026-12-02')).toBe(days[1]);
    expect(capacityOn(days, '2026-12-03')).toBeUndefined();
    expect(capacityOn(undefined, '2026-12-03')).toBeUndefined();
  });
});
